import { createFileRoute } from '@tanstack/react-router';
import { EvaluationScreen } from '~/features/performance-rating/evaluation-screen.tsx';
import { evaluationSearch } from '~/features/performance-rating/search.ts';

/**
 * The portfolio's evaluation for a fiscal year (ratios, Z, article 141) and the efficiency of one
 * industry; the year, the list's view, the industry (`dea`) and the model live in the URL. An
 * index route: /performance/evaluation/rating is a sibling, not a child.
 */
export const Route = createFileRoute('/performance/evaluation/')({
  validateSearch: evaluationSearch,
  component: EvaluationScreen,
});
