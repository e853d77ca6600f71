import { createFileRoute } from '@tanstack/react-router';
import { RatingScreen } from '~/features/performance-rating/rating-screen.tsx';
import { ratingSearch } from '~/features/performance-rating/search.ts';

/** The portfolio's rating for a fiscal year; the year and the list's view live in the URL. */
export const Route = createFileRoute('/performance/evaluation/rating')({
  validateSearch: ratingSearch,
  component: () => <RatingScreen path="/performance/evaluation/rating" />,
});
