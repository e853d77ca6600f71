import { createFileRoute } from '@tanstack/react-router';
import { BoardsScreen } from '~/features/boards/boards-screen.tsx';
import { boardsSearch } from '~/features/boards/search.ts';

/** The boards list; its view (q, sort, filters) lives in the URL. */
export const Route = createFileRoute('/person/legal-person-board/list')({
  validateSearch: boardsSearch,
  component: BoardsScreen,
});
