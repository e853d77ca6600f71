import { createFileRoute } from '@tanstack/react-router';
import { RatingScreen } from '~/features/performance-rating/rating-screen.tsx';
import { ratingSearch } from '~/features/performance-rating/search.ts';

/** One dimension of the portfolio's rating, شفافیت: the rating screen for 'transparency'. */
export const Route = createFileRoute('/performance/transparency')({
  validateSearch: ratingSearch,
  component: () => <RatingScreen dimension="transparency" path="/performance/transparency" />,
});
