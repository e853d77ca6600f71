import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { BoardCreateScreen } from '~/features/boards/board-form.tsx';

/** A new board; `company` (a legal person id) preselects the company, e.g. from its view. */
export const Route = createFileRoute('/person/legal-person-board/create')({
  validateSearch: z.object({ company: z.coerce.number().int().positive().optional().catch(undefined) }),
  component: BoardCreateScreen,
});
