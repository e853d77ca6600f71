import { createFileRoute } from '@tanstack/react-router';
import { capacityQuery } from '~/features/performance-portfolio/api.ts';
import { CapacityScreen } from '~/features/performance-portfolio/capacity-screen.tsx';
import { portfolioSearch } from '~/features/performance-portfolio/search.ts';

/** /performance/production-capacity: production capacities across companies; the view lives in the URL. */
export const Route = createFileRoute('/performance/production-capacity')({
  validateSearch: portfolioSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(capacityQuery(deps)),
  component: CapacityScreen,
});
