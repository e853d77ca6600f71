import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ReviewScreen } from '~/features/ownership-review/review-screen.tsx';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/** The portfolio-wide ownership reviews (issue 17): `view`, and the dates compared. */
export const Route = createFileRoute('/person/ownership-review')({
  validateSearch: z.object({
    view: z.enum(['declared', 'compare']).optional().catch(undefined),
    from: day,
    to: day,
  }),
  component: function OwnershipReview() {
    return <ReviewScreen search={Route.useSearch()} />;
  },
});
