import { createFileRoute } from '@tanstack/react-router';
import { InterlocksScreen } from '~/features/board-ownership/interlocks-screen.tsx';
import { interlocksSearch } from '~/features/board-ownership/search.ts';

/** The interlocks of the portfolio's boards; the view (`view`), `q` and the sort live in the URL. */
export const Route = createFileRoute('/person/board-interlocks')({
  validateSearch: interlocksSearch,
  component: InterlocksScreen,
});
