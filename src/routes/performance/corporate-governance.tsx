import { createFileRoute } from '@tanstack/react-router';
import { RatingScreen } from '~/features/performance-rating/rating-screen.tsx';
import { ratingSearch } from '~/features/performance-rating/search.ts';

/** One dimension of the portfolio's rating, راهبری شرکتی: the rating screen for 'governance'. */
export const Route = createFileRoute('/performance/corporate-governance')({
  validateSearch: ratingSearch,
  component: () => <RatingScreen dimension="governance" path="/performance/corporate-governance" />,
});
