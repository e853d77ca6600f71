import { createFileRoute } from '@tanstack/react-router';
import { statisticsQueryOf } from '~/features/performance-portfolio/api.ts';
import { statisticsSearch } from '~/features/performance-portfolio/search.ts';
import { StatisticsScreen } from '~/features/performance-portfolio/statistics-screen.tsx';

/** /performance/statistics: the portfolio by industry, ownership or supervising body; the view lives in the URL. */
export const Route = createFileRoute('/performance/statistics')({
  validateSearch: statisticsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(statisticsQueryOf(deps)),
  component: StatisticsScreen,
});
