import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '~/lib/http.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { GOING_BACK, useForbiddenAnswer } from '~/ui/use-forbidden-answer.ts';
import { draftQuery } from './api.ts';
import { DraftEditor } from './draft-editor.tsx';
import { DraftsList } from './drafts-list.tsx';

const ROUTE = '/person/corporate-structure-modification';

/** A saved draft in the editor; a stale save's «بارگیری دوباره» starts the editor over from the fresh copy. */
function SavedDraft({ id }: { id: number }) {
  const query = useQuery(draftQuery(id));
  const [generation, setGeneration] = useState(0);
  const forbidden = useForbiddenAnswer(query.error);
  if (!query.data)
    return (
      <>
        <PageHeader
          title="پیش‌نویس تغییر ساختار"
          parent={{ to: ROUTE, label: 'اصلاح ساختار شرکتی' }}
          description={
            query.isPending
              ? undefined
              : forbidden
                ? GOING_BACK
                : query.error instanceof ApiError && query.error.status === 404
                  ? 'این پیش‌نویس پیدا نشد؛ با Esc به فهرست برگردید.'
                  : 'پیش‌نویس بارگیری نشد؛ صفحه را دوباره باز کنید.'
          }
        />
        {query.isPending && <SkeletonRows rows={6} columns={3} />}
      </>
    );
  return (
    <DraftEditor
      key={`${id}:${generation}`}
      detail={query.data}
      onReload={() => void query.refetch().then(() => setGeneration((g) => g + 1))}
    />
  );
}

/**
 * /person/corporate-structure-modification (issue 17, `ownership.manage`): the drafts of a change
 * of the corporate structure (`?draft=` absent), a new draft (`?draft=new`) or a saved one
 * (`?draft=<id>`) in the editor with its preview.
 */
export function StructureScreen() {
  const { draft } = useSearch({ from: ROUTE });
  if (draft === undefined) return <DraftsList />;
  if (draft === 'new') return <DraftEditor key="new" detail={null} onReload={() => {}} />;
  return <SavedDraft key={draft} id={draft} />;
}
