import { createFileRoute } from '@tanstack/react-router';
import { cityEntity } from '~/contract/cities.ts';
import { CitiesScreen } from '~/features/cities/cities-screen.tsx';
import { entitySearch } from '~/ui/entity/filters.ts';

/** The cities (permission management.system): list, filter by province, rename. */
export const Route = createFileRoute('/management/cities')({
  validateSearch: entitySearch(cityEntity),
  component: CitiesScreen,
});
