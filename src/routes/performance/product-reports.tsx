import { createFileRoute } from '@tanstack/react-router';
import { productsQuery } from '~/features/performance-portfolio/api.ts';
import { ProductsScreen } from '~/features/performance-portfolio/products-screen.tsx';
import { productsSearch } from '~/features/performance-portfolio/search.ts';

/** /performance/product-reports: product reports across companies; the view lives in the URL. */
export const Route = createFileRoute('/performance/product-reports')({
  validateSearch: productsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => void context.queryClient.prefetchQuery(productsQuery(deps)),
  component: ProductsScreen,
});
