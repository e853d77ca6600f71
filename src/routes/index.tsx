import { createFileRoute } from '@tanstack/react-router';
import { Dashboard } from '~/features/shell/home/dashboard.tsx';
import { Welcome } from '~/features/shell/home/welcome.tsx';
import { useClientSession } from '~/lib/command-context.ts';

/** `/`: the dashboard for a signed-in role; the welcome page for a visitor (the path is public). */
export const Route = createFileRoute('/')({
  component: HomePage,
});

function HomePage() {
  const session = useClientSession();
  return session.signedIn && session.role ? <Dashboard roleId={session.role.id} /> : <Welcome />;
}
