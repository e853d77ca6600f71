import { createFileRoute } from '@tanstack/react-router';
import { auditQueryOf } from '~/features/performance-portfolio/api.ts';
import { AuditScreen } from '~/features/performance-portfolio/audit-screen.tsx';
import { auditSearch } from '~/features/performance-portfolio/search.ts';

/** /performance/audit-report: auditors' opinions across the portfolio by year; the view lives in the URL. */
export const Route = createFileRoute('/performance/audit-report')({
  validateSearch: auditSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(auditQueryOf(deps)),
  component: AuditScreen,
});
