import { createFileRoute } from '@tanstack/react-router';
import { BlockedIpsScreen } from '~/features/logs/blocked-ips-screen.tsx';
import { blockedIpSearch } from '~/features/logs/search.ts';

/** Blocked addresses, with unblock. */
export const Route = createFileRoute('/logs/blocked-ips')({
  validateSearch: blockedIpSearch,
  component: BlockedIpsScreen,
});
