import { createFileRoute } from '@tanstack/react-router';
import { IndustriesScreen } from '~/features/industries/industries-screen.tsx';
import { industriesSearch } from '~/features/industries/search.ts';

/** The industry groups with their companies, state share and statement figures; the year and the list's view live in the URL. */
export const Route = createFileRoute('/industries/')({
  validateSearch: industriesSearch,
  component: IndustriesScreen,
});
