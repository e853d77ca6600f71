import { createFileRoute } from '@tanstack/react-router';
import { ItemsScreen } from '~/features/performance-config/items-screen.tsx';
import { itemsSearch } from '~/features/performance-config/search.ts';

/** The rating's performance items and, as a second view, its grade bands (permission performance). */
export const Route = createFileRoute('/performance/items')({
  validateSearch: itemsSearch,
  component: ItemsScreen,
});
