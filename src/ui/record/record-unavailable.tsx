import { ApiError } from '~/lib/http.ts';
import { Button } from '../button.tsx';
import { EmptyState } from '../empty-state.tsx';
import { PageHeader } from '../page-header.tsx';
import { RecordSkeleton } from './record-parts.tsx';

export interface RecordUnavailableProps {
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  /** The title when the server says there is no such record (404). */
  missingTitle: string;
  /** The title when loading failed otherwise. */
  failedTitle: string;
}

/** A record view before its data: the skeleton while loading, else why it is not there. */
export function RecordUnavailable({ query, missingTitle, failedTitle }: RecordUnavailableProps) {
  const missing = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <PageHeader />
      {query.isPending ? (
        <RecordSkeleton />
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
