import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { css } from 'styled-system/css';
import type { MeasureRow } from '~/contract/performance-config.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { useClientSession } from '~/lib/command-context.ts';
import { ApiError } from '~/lib/http.ts';
import { sessionHolds } from '~/lib/session.ts';
import { Button } from '~/ui/button.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import { TextField } from '~/ui/form/fields.tsx';
import { EMPTY, formatNumber } from '~/ui/format.ts';
import { input as inputCss } from '~/ui/input.tsx';
import { toast } from '~/ui/toaster.tsx';
import { lastFiscalYear, measureValuesQuery, PAGE_SIZE, saveMeasureValues } from './api.ts';

const controls = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '120px 1fr' } });
const table = css({
  w: '100%',
  borderCollapse: 'collapse',
  fontSize: '13px',
  fontVariantNumeric: 'tabular-nums',
  mt: '3',
  '& th, & td': { textAlign: 'start', py: '1', px: '1.5', borderBlockEnd: '1px solid', borderColor: 'line' },
  '& th': { color: 'muted', fontWeight: '500' },
  '& tr[data-changed] td': { bg: 'fourth.soft' },
});
const valueInput = css({ maxW: '160px' });
const footer = css({
  display: 'flex',
  gap: '2',
  alignItems: 'center',
  justifyContent: 'space-between',
  mt: '3',
  flexWrap: 'wrap',
});
const muted = css({ color: 'muted', fontSize: '12px' });
const alertCss = css({ color: 'danger', fontSize: '13px', m: 0 });

const yearOf = (typed: string) => {
  const n = Number(toAsciiDigits(typed).trim());
  return Number.isInteger(n) && n >= 1300 && n <= 1500 ? n : null;
};

/**
 * A measure's values for one fiscal year across companies (those with an annual statement of the
 * year or a value on file), a page at a time, typed in place: ↑/↓ move between the values, Page
 * Up/Page Down turn the page, Ctrl/⌘+Enter saves every change of every page at once (all or
 * nothing: a value that is not a number is refused and named, nothing saved); an empty value
 * removes it. Read-only without `performance.manage`.
 */
export function MeasureValuesDialog({ measure, onClose }: { measure: MeasureRow; onClose(): void }) {
  const session = useClientSession();
  const canEdit = sessionHolds(session, 'performance.manage');
  const [yearText, setYearText] = useState(toPersianDigits(lastFiscalYear()));
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  // typed values by `${year}/${company}`, kept across pages and years until saved
  const [edits, setEdits] = useState<Map<string, { id: number; year: number; text: string }>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const year = yearOf(yearText);
  const client = useQueryClient();
  const list = useQuery({
    ...measureValuesQuery(measure.id, year ?? 0, q, page),
    enabled: year !== null,
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const save = async () => {
    if (!canEdit || edits.size === 0 || busy) return;
    const values = [...edits.values()].map((e) => ({
      legal_person_id: e.id,
      fiscal_year: e.year,
      value: e.text.trim() === '' ? null : e.text,
    }));
    setBusy(true);
    setError(null);
    try {
      const r = await saveMeasureValues(measure.id, { values });
      toast.positive(
        `مقادیر «${measure.name_fa}» ذخیره شد (${toPersianDigits(r.saved)} مقدار${r.removed ? `، ${toPersianDigits(r.removed)} حذف` : ''})`,
      );
      setEdits(new Map());
      await client.invalidateQueries({ queryKey: ['performance', 'measures'] });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const messages = Object.values(e.fields).flat();
      setError(messages.length ? messages.join('؛ ') : e.message);
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void save();
    } else if (e.key === 'PageDown' || e.key === 'PageUp') {
      e.preventDefault();
      setPage((p) => Math.min(pages, Math.max(1, p + (e.key === 'PageDown' ? 1 : -1))));
    }
  };
  const onCellKey = (e: KeyboardEvent<HTMLInputElement>, i: number) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const next = e.currentTarget.closest('tbody')?.querySelectorAll<HTMLInputElement>('input')[
      i + (e.key === 'ArrowDown' ? 1 : -1)
    ];
    next?.focus();
    next?.select();
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`مقادیر سنجه «${measure.name_fa}»`}
      description={measure.unit_fa ? `واحد: ${measure.unit_fa}` : undefined}
      size="lg"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys of the dialog's table (save, pages) */}
      <div onKeyDown={onKeyDown}>
        <div className={controls}>
          <TextField
            label="سال مالی"
            name="values_year"
            ltr
            inputMode="numeric"
            maxLength={4}
            value={yearText}
            onChange={(v) => {
              setYearText(toPersianDigits(v));
              setPage(1);
            }}
            error={year === null ? 'سال ۱۳۰۰ تا ۱۵۰۰' : undefined}
          />
          <TextField
            label="جستجوی شرکت"
            name="values_q"
            value={q}
            onChange={(v) => {
              setQ(v);
              setPage(1);
            }}
            hint="نام، نماد یا شناسه ملی"
          />
        </div>
        <table
          className={table}
          aria-label={`مقادیر ${measure.name_fa}`}
          aria-busy={list.isFetching || undefined}
        >
          <thead>
            <tr>
              <th scope="col">شرکت</th>
              <th scope="col">صورت مالی سال</th>
              <th scope="col">مقدار</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const key = `${r.fiscal_year}/${r.legal_person_id}`;
              const edit = edits.get(key);
              const shown = edit ? edit.text : r.value === null ? '' : toPersianDigits(String(r.value));
              return (
                <tr key={key} data-changed={edit ? '' : undefined}>
                  <td>
                    {r.company}
                    {r.ticker && <span className={muted}> ({r.ticker})</span>}
                  </td>
                  <td>{r.has_statement ? 'ثبت شده' : EMPTY}</td>
                  <td>
                    <input
                      className={`${inputCss({ ltr: true })} ${valueInput}`}
                      aria-label={`مقدار ${r.company}`}
                      inputMode="decimal"
                      autoComplete="off"
                      readOnly={!canEdit}
                      value={shown}
                      onKeyDown={(e) => onCellKey(e, i)}
                      onChange={(e) => {
                        const text = toPersianDigits(e.target.value);
                        setEdits((m) =>
                          new Map(m).set(key, { id: r.legal_person_id, year: r.fiscal_year, text }),
                        );
                      }}
                    />
                  </td>
                </tr>
              );
            })}
            {rows.length === 0 && !list.isFetching && (
              <tr>
                <td colSpan={3} className={muted}>
                  برای این سال شرکتی با صورت مالی سالانه یا مقدار ثبت‌شده نیست.
                </td>
              </tr>
            )}
          </tbody>
        </table>
        {error && (
          <p role="alert" className={alertCss}>
            {error}
          </p>
        )}
        <div className={footer}>
          <span className={muted}>
            صفحهٔ {toPersianDigits(page)} از {toPersianDigits(pages)} ({formatNumber(total)} شرکت)؛ PageUp و
            PageDown صفحه را عوض می‌کنند
          </span>
          <span className={css({ display: 'flex', gap: '2' })}>
            <Button onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
              صفحهٔ قبل
            </Button>
            <Button onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages}>
              صفحهٔ بعد
            </Button>
            {canEdit && (
              <Button
                tone="primary"
                shortcut="$mod+Enter"
                disabled={busy || edits.size === 0}
                onClick={() => void save()}
              >
                ذخیرهٔ {toPersianDigits(edits.size)} تغییر
              </Button>
            )}
          </span>
        </div>
      </div>
    </Dialog>
  );
}
