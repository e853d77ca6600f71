import { createFileRoute } from '@tanstack/react-router';
import { RatingScreen } from '~/features/performance-rating/rating-screen.tsx';
import { ratingSearch } from '~/features/performance-rating/search.ts';

/** One dimension of the portfolio's rating, توان اقتصادی (the specification's spelling of the path): the rating screen for 'economic'. */
export const Route = createFileRoute('/performance/ecomomic-strength')({
  validateSearch: ratingSearch,
  component: () => <RatingScreen dimension="economic" path="/performance/ecomomic-strength" />,
});
