import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { ISSUE_PRIORITY_LABELS, type IssueDetail } from '~/contract/issues.ts';
import { ISSUE_STATE_LABELS_FA, type IssueMoveType } from '~/domain/issues/issue-status.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError, api } from '~/lib/http.ts';
import { readSession, sessionHolds } from '~/lib/session.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { EMPTY, formatDate, formatDateTime } from '~/ui/format.ts';
import { Markdown } from '~/ui/markdown.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { attachmentsQuery, correspondenceKeys } from './correspondence-api.ts';
import { IssueDetailsSection } from './issue-details-section.tsx';
import { ASKS, LetterDialog, MOVE_VERBS, MoveDialog } from './issue-dialogs.tsx';
import { FollowButton, FollowersFact } from './issue-followers.tsx';
import { LettersTable } from './letters-table.tsx';

/**
 * /issues/view/{id} (permission `issues`): one issue — what it is about, its type, priority,
 * assignee and due date, its description (Markdown, sanitised), its status with the moves the
 * statechart allows now (a reason asked for a decline or a reopening, a Jalali day for a snooze,
 * the original's number for a duplicate; the server refuses in Persian what the statechart
 * refuses), its details (sub-items, each done or open), its followers (F follows it or stops:
 * issue-followers.tsx), and its letters in and out with their reference numbers and attachments;
 * L registers a letter (with attachments), P on a focused letter prints it, U attaches more files.
 */

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '4', maxW: '1100px' });
const facts = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  gap: '3',
  m: 0,
  '& dt': { color: 'muted', fontSize: '12px' },
  '& dd': { m: 0, fontSize: '14px' },
});
const section = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  '& h2': { fontSize: '15px', fontWeight: 600, m: 0 },
});
const text = css({ whiteSpace: 'pre-wrap', m: 0, lineHeight: '1.8' });
const moves = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });

const issueKey = (id: number) => ['issues', 'view', id];

function personPath(d: IssueDetail) {
  return d.object_type === 'legal_person'
    ? `/person/legal-persons/view/${d.object_id}`
    : `/person/true-persons/view/${d.object_id}`;
}

export function IssueViewScreen({ id }: { id: number }) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: issueKey(id),
    queryFn: ({ signal }) => api<IssueDetail>(`/api/issues/${id}`, { signal, quiet: true }),
  });
  const attachments = useQuery(attachmentsQuery(id));
  const loaded = !!query.data;
  // Opened by its assignee: it leaves their cartable (the server decides whose it is).
  useEffect(() => {
    if (!loaded) return;
    api<{ seen: number }>(`/api/issues/${id}/seen`, { method: 'POST', body: {}, quiet: true })
      .then((r) => {
        if (r.seen) void client.invalidateQueries({ queryKey: ['keep-alive'] });
      })
      .catch(() => {});
  }, [id, loaded, client]);
  const mayChange = sessionHolds(readSession(), 'issues');
  const [asking, setAsking] = useState<IssueMoveType | null>(null);
  const [writing, setWriting] = useState(false);
  const issue = query.data;
  useShortcuts({ KeyL: () => setWriting(true) }, mayChange && !!issue && !writing && !asking);
  const refresh = (next: IssueDetail) => {
    client.setQueryData(issueKey(id), next);
    void client.invalidateQueries({ queryKey: ['issue'] });
  };
  const move = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<IssueDetail>(`/api/issues/${id}/moves`, { method: 'POST', body, quiet: true }),
    onSuccess: (next) => {
      refresh(next);
      setAsking(null);
      toast.positive(`وضعیت موضوع: ${ISSUE_STATE_LABELS_FA[next.status]}`);
    },
  });
  const run = (type: IssueMoveType) => {
    if (ASKS[type]) setAsking(type);
    else move.mutate({ type }, { onError: (e) => toast.negative(e.message) });
  };

  if (!issue)
    return (
      <div className={page}>
        {query.isPending ? (
          <SkeletonRows rows={6} columns={2} />
        ) : (
          <p>
            {query.error instanceof ApiError && query.error.status === 404
              ? 'این موضوع پیدا نشد.'
              : 'موضوع بارگیری نشد.'}
          </p>
        )}
      </div>
    );
  return (
    <div className={page}>
      <PageHeader
        title={issue.title}
        parent={{ label: 'موضوعات اشخاص حقوقی', to: '/issues/legal-person' }}
        actions={
          mayChange && (
            <>
              <FollowButton id={id} enabled={!writing && !asking} />
              <Button shortcut="KeyL" onClick={() => setWriting(true)}>
                نامهٔ تازه
              </Button>
            </>
          )
        }
      />
      <dl className={facts}>
        <div>
          <dt>وضعیت</dt>
          <dd>
            <Badge data-status={issue.status}>{ISSUE_STATE_LABELS_FA[issue.status]}</Badge>
            {issue.status === 'snoozed' && issue.snoozed_until && ` تا ${formatDate(issue.snoozed_until)}`}
            {issue.status === 'duplicate' && issue.duplicate_of && (
              <>
                {' '}
                از{' '}
                <Link to="/issues/view/$id" params={{ id: String(issue.duplicate_of) }}>
                  موضوع {toPersianDigits(issue.duplicate_of)}
                </Link>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>دربارهٔ</dt>
          <dd>
            <Link to={personPath(issue) as never}>{issue.object}</Link>
          </dd>
        </div>
        <div>
          <dt>نوع موضوع</dt>
          <dd>{issue.issue_type_name}</dd>
        </div>
        <div>
          <dt>اولویت</dt>
          <dd>{ISSUE_PRIORITY_LABELS[issue.priority]}</dd>
        </div>
        <div>
          <dt>مسئول</dt>
          <dd>{issue.assignee ?? EMPTY}</dd>
        </div>
        <div>
          <dt>مهلت</dt>
          <dd>{issue.due_date ? formatDate(issue.due_date) : EMPTY}</dd>
        </div>
        <div>
          <dt>ثبت</dt>
          <dd>
            {issue.created_by ?? EMPTY}، {formatDateTime(issue.created_at)}
          </dd>
        </div>
        <FollowersFact id={id} />
      </dl>
      {issue.status === 'declined' && issue.decline_reason && (
        <p className={text}>دلیل رد: {issue.decline_reason}</p>
      )}
      {mayChange && issue.allowed_moves.length > 0 && (
        <section className={section} aria-label="تغییر وضعیت">
          <h2>تغییر وضعیت</h2>
          <div className={moves}>
            {issue.allowed_moves.map((type) => (
              <Button key={type} size="sm" disabled={move.isPending} onClick={() => run(type)}>
                {MOVE_VERBS[type]}
              </Button>
            ))}
          </div>
        </section>
      )}
      <section className={section} aria-label="شرح">
        <h2>شرح</h2>
        {issue.description ? (
          <Markdown text={issue.description} />
        ) : (
          <p className={text}>شرحی ثبت نشده است.</p>
        )}
      </section>
      <IssueDetailsSection
        issue={issue}
        mayChange={mayChange}
        reload={() => client.invalidateQueries({ queryKey: issueKey(id) })}
      />
      <section className={section} aria-label="مکاتبات">
        <h2>مکاتبات ({toPersianDigits(issue.letters.length)})</h2>
        {issue.letters.length === 0 ? (
          <p className={text}>نامه‌ای ثبت نشده است.</p>
        ) : (
          <LettersTable
            issueId={id}
            letters={issue.letters}
            attachments={attachments.data}
            mayChange={mayChange}
          />
        )}
      </section>
      {asking && (
        <MoveDialog
          type={asking}
          busy={move.isPending}
          error={move.error instanceof ApiError ? move.error.message : undefined}
          onClose={() => {
            setAsking(null);
            move.reset();
          }}
          onSubmit={(body) => move.mutate({ type: asking, ...body })}
        />
      )}
      {writing && (
        <LetterDialog
          id={id}
          onClose={() => setWriting(false)}
          refresh={() => client.invalidateQueries({ queryKey: correspondenceKeys.attachments(id) })}
          onSaved={(letter, attached) => {
            setWriting(false);
            void client.invalidateQueries({ queryKey: issueKey(id) });
            const files = attached ? ` با ${toPersianDigits(attached)} پیوست` : '';
            toast.positive(`نامه با شمارهٔ ${toPersianDigits(letter.reference_number)}${files} ثبت شد`);
          }}
        />
      )}
    </div>
  );
}
