import { ApiError } from '~/lib/http.ts';
import { Button } from '../button.tsx';
import { EmptyState } from '../empty-state.tsx';
import { PageHeader } from '../page-header.tsx';
import { GOING_BACK, useForbiddenAnswer } from '../use-forbidden-answer.ts';
import { RecordSkeleton } from './record-parts.tsx';

export interface RecordUnavailableProps {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  /** The title when the server says there is no such record (404). */
  missingTitle: string;
  /** The title when loading failed otherwise. */
  failedTitle: string;
}

/**
 * A record view before its data: the skeleton while loading, else why it is not there. A
 * refusal (403) gets the error catalogue's answer (the server's message in a toast, then back
 * one page), not a retry the server would refuse again.
 */
export function RecordUnavailable({ query, missingTitle, failedTitle }: RecordUnavailableProps) {
  const missing = query.error instanceof ApiError && query.error.status === 404;
  const forbidden = useForbiddenAnswer(query.error);
  return (
    <>
      <PageHeader />
      {query.isPending ? (
        <RecordSkeleton />
      ) : forbidden ? (
        <EmptyState title={query.error?.message}>{GOING_BACK}</EmptyState>
      ) : (
        <EmptyState
          title={missing ? missingTitle : failedTitle}
          shortcut="Backspace"
          action={!missing && <Button onClick={() => void query.refetch()}>دوباره تلاش کنید</Button>}
        >
          {missing ? 'شاید حذف شده باشد. برای بازگشت به فهرست' : query.error?.message}
        </EmptyState>
      )}
    </>
  );
}
