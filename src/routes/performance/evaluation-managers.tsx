import { createFileRoute } from '@tanstack/react-router';
import { RatingScreen } from '~/features/performance-rating/rating-screen.tsx';
import { ratingSearch } from '~/features/performance-rating/search.ts';

/** One dimension of the portfolio's rating, ارزیابی مدیران: the rating screen for 'managers'. */
export const Route = createFileRoute('/performance/evaluation-managers')({
  validateSearch: ratingSearch,
  component: () => <RatingScreen dimension="managers" path="/performance/evaluation-managers" />,
});
