import { createFileRoute } from '@tanstack/react-router';
import { overviewQuery } from '~/features/performance-portfolio/api.ts';
import { OverviewScreen } from '~/features/performance-portfolio/overview-screen.tsx';
import { portfolioSearch } from '~/features/performance-portfolio/search.ts';

/** /performance: the portfolio at a glance for a fiscal year; the year and company filters live in the URL. */
export const Route = createFileRoute('/performance/')({
  validateSearch: portfolioSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(overviewQuery(deps)),
  component: OverviewScreen,
});
