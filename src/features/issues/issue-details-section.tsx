import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { css } from 'styled-system/css';
import type { IssueDetail } from '~/contract/issues.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError, api } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { Input } from '~/ui/input.tsx';
import { toast } from '~/ui/toaster.tsx';

/**
 * An issue's details on its view: structured sub-items, each with its own status (a checkbox:
 * done or open; Space toggles it), added by the field under them (Enter) and removed by their
 * button. Calls: POST /api/issues/:id/details, PATCH and DELETE …/details/:detailId; each refusal
 * is shown in Persian and changes nothing. `reload` reads the issue again after a change.
 */

const list = css({ display: 'flex', flexDirection: 'column', gap: '1', m: 0, p: 0, listStyle: 'none' });
const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: '14px',
  '& label': { display: 'inline-flex', alignItems: 'center', gap: '2', flex: '1', minW: '0' },
  '&[data-done] label span': { textDecoration: 'line-through', color: 'muted' },
});
const add = css({ display: 'flex', gap: '2', alignItems: 'center', maxW: '560px' });
const muted = css({ color: 'muted', fontSize: '13px', m: 0 });

export function IssueDetailsSection({
  issue,
  mayChange,
  reload,
}: {
  issue: IssueDetail;
  mayChange: boolean;
  reload(): Promise<unknown>;
}) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();
  const base = `/api/issues/${issue.id}/details`;
  const change = useMutation({
    mutationFn: (c: { method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: Record<string, unknown> }) =>
      api(c.path, { method: c.method, body: c.body, quiet: true }),
    onSuccess: () => {
      setError(undefined);
      void reload();
    },
    onError: (e) => {
      if (e instanceof ApiError) {
        setError(e.message);
        toast.negative(e.message);
      }
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({ method: 'POST', path: base, body: { title } }, { onSuccess: () => setTitle('') });
  };
  const done = issue.details.filter((d) => d.done).length;
  return (
    <section className={css({ display: 'flex', flexDirection: 'column', gap: '2' })} aria-label="اجزای موضوع">
      <h2 className={css({ fontSize: '15px', fontWeight: 600, m: 0 })}>
        اجزای موضوع ({toPersianDigits(done)} از {toPersianDigits(issue.details.length)} انجام‌شده)
      </h2>
      {issue.details.length === 0 ? (
        <p className={muted}>جزئی ثبت نشده است.</p>
      ) : (
        <ul className={list}>
          {issue.details.map((d) => (
            <li key={d.id} className={row} data-done={d.done ? '' : undefined}>
              <label>
                <input
                  type="checkbox"
                  checked={d.done}
                  disabled={!mayChange || change.isPending}
                  onChange={() =>
                    change.mutate({ method: 'PATCH', path: `${base}/${d.id}`, body: { done: !d.done } })
                  }
                />
                <span>{d.title}</span>
              </label>
              {mayChange && (
                <Button
                  size="sm"
                  tone="secondary"
                  aria-label={`حذف جزء «${d.title}»`}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ method: 'DELETE', path: `${base}/${d.id}` })}
                >
                  حذف
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayChange && (
        <form className={add} onSubmit={submit}>
          <Input
            name="detail_title"
            aria-label="جزء تازه"
            placeholder="جزء تازه، مانند «دریافت پاسخ حسابرس»"
            value={title}
            maxLength={300}
            aria-invalid={error ? true : undefined}
            onChange={(e) => setTitle(e.target.value)}
          />
          <Button size="sm" type="submit" disabled={change.isPending}>
            افزودن
          </Button>
        </form>
      )}
    </section>
  );
}
