import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import {
  type FormulaPreview,
  type FormulaReference,
  type FormulaRow,
  formulaInput,
} from '~/contract/performance-config.ts';
import type { LegalPickerRow } from '~/contract/persons.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import type { EntityEditorProps } from '~/ui/entity/entity-list-screen.tsx';
import { Field } from '~/ui/field.tsx';
import { LegalPersonPicker, TextField } from '~/ui/form/fields.tsx';
import { submitOnModEnter } from '~/ui/form/submit-on-mod-enter.ts';
import { useForm } from '~/ui/form/use-form.ts';
import { EMPTY, formatNumber } from '~/ui/format.ts';
import { input as inputCss } from '~/ui/input.tsx';
import { lastFiscalYear, previewQuery } from './api.ts';

/** How long the text rests before the preview asks the server (ms). */
const DEBOUNCE_MS = 300;

/** The company and year last previewed, kept while the page lives so the next formula opens on them. */
let lastContext: { company: LegalPickerRow | null; year: string } = { company: null, year: '' };

/** `value` once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** A computed value in Persian digits: up to 4 decimals, grouped. */
export const formatValue = (v: number | null) =>
  v === null ? EMPTY : formatNumber(Math.round(v * 10_000) / 10_000);

const UNIT_FA: Record<string, string> = { million_irr: 'میلیون ریال', count: 'نفر' };
const unitOf = (r: FormulaReference) => (r.kind === 'item' ? (UNIT_FA[r.unit] ?? r.unit) : r.unit || EMPTY);

const layout = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } });
const column = css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' });
const pickRow = css({ display: 'grid', gap: '3', gridTemplateColumns: '1fr 96px', alignItems: 'start' });
const mono = css({ fontFamily: 'mono, monospace', fontSize: '13px', minH: '96px' });
const status = css({ fontSize: '13px', m: 0 });
const errorList = css({ color: 'danger', fontSize: '13px', m: 0, ps: '4' });
const okCss = css({ color: 'success', fontSize: '13px', m: 0 });
const panel = css({
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '4px',
  p: '3',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
});
const valueCss = css({ fontSize: '22px', fontWeight: '600', fontVariantNumeric: 'tabular-nums' });
const muted = css({ color: 'muted', fontSize: '12px' });
const table = css({
  w: '100%',
  borderCollapse: 'collapse',
  fontSize: '13px',
  fontVariantNumeric: 'tabular-nums',
  '& th, & td': { textAlign: 'start', py: '1', px: '1.5', borderBlockEnd: '1px solid', borderColor: 'line' },
  '& th': { color: 'muted', fontWeight: '500' },
  '& td[data-num]': { textAlign: 'end' },
});
const buttons = css({ display: 'flex', gap: '2', justifyContent: 'flex-end', mt: '3' });
const alertCss = css({ color: 'danger', fontSize: '13px', m: 0 });

/** What a not-computable result lacks, by Persian name. */
function whyNot(p: Extract<FormulaPreview, { ok: true }>): string {
  const result = p.result;
  if (!result || result.ok) return '';
  const names = result.missing.map((ref) => {
    const r = p.references.find((x) => x.ref === ref);
    return r ? `«${r.name_fa}»` : ref;
  });
  if (result.reason === 'zero_denominator') return `قابل محاسبه نیست: مخرج کسر صفر است (${names.join('، ')})`;
  return p.statement_id === null && result.missing.some((m) => m.startsWith('item.'))
    ? `قابل محاسبه نیست: صورت مالی سالانهٔ این سال ثبت نشده است؛ نبودِ ${names.join('، ')}`
    : `قابل محاسبه نیست: این‌ها در دست نیست: ${names.join('، ')}`;
}

/** The preview: parse errors as the text changes, the references with their Persian names and values, the result. */
function Preview({
  text,
  company,
  year,
}: {
  text: string;
  company: LegalPickerRow | null;
  year: number | null;
}) {
  const body = {
    text,
    legal_person_id: company && year ? company.id : null,
    fiscal_year: company && year ? year : null,
  };
  const q = useQuery({
    ...previewQuery(body),
    enabled: text.trim() !== '',
    placeholderData: keepPreviousData,
  });
  if (text.trim() === '') return <p className={muted}>متن فرمول را بنویسید تا درستی و مقدار آن دیده شود.</p>;
  const p = q.data;
  if (!p) return <p className={muted}>{q.isError ? 'پیش‌نمایش در دسترس نیست.' : 'در حال خواندن…'}</p>;
  if (!p.ok)
    return (
      <div role="alert" aria-label="خطاهای فرمول">
        <ul className={errorList}>
          {p.errors.map((e) => (
            <li key={e.messageFa + (e.at ?? '')}>
              {e.messageFa}
              {e.at !== undefined && ` (نویسهٔ ${toPersianDigits(e.at + 1)})`}
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <>
      <p className={okCss} role="status">
        فرمول درست است.
      </p>
      <section className={panel} aria-label="پیش‌نمایش فرمول">
        {p.result === null ? (
          <p className={muted}>برای دیدن مقدار، شرکت و سال مالی را برگزینید.</p>
        ) : (
          <>
            <span className={muted}>
              مقدار برای {p.company} در سال {toPersianDigits(body.fiscal_year ?? '')}
            </span>
            <output className={valueCss} aria-label="مقدار فرمول" aria-busy={q.isFetching || undefined}>
              {p.result.ok ? formatValue(p.result.value) : EMPTY}
            </output>
            {!p.result.ok && <p className={status}>{whyNot(p)}</p>}
          </>
        )}
        <table className={table} aria-label="ورودی‌های فرمول">
          <thead>
            <tr>
              <th scope="col">قلم یا سنجه</th>
              <th scope="col">کد</th>
              <th scope="col">مقدار</th>
              <th scope="col">واحد</th>
            </tr>
          </thead>
          <tbody>
            {p.references.map((r) => (
              <tr key={r.ref}>
                <td>{r.name_fa}</td>
                <td dir="ltr">{r.kind === 'measure' ? r.ref : r.code}</td>
                <td data-num="">{formatValue(r.value)}</td>
                <td>{unitOf(r)}</td>
              </tr>
            ))}
            {p.references.length === 0 && (
              <tr>
                <td colSpan={4} className={muted}>
                  فرمول به قلم یا سنجه‌ای ارجاع نمی‌دهد.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
    </>
  );
}

type Values = { code: string; name_fa: string; text: string; description: string };

/**
 * The formula's editor (a dialog): code, name, text (left to right) and description, and beside
 * them the preview — the parse errors as the text changes (debounced), the references with their
 * Persian names, and the value for a company and fiscal year picked here, with the inputs it read.
 * Ctrl/⌘+Enter saves (the server parses again: a 422 lands under the text), Esc closes.
 */
export function FormulaEditor({ row, save, onClose, onSaved }: EntityEditorProps) {
  const formula = row as FormulaRow | null;
  const form = useForm<Values, unknown>({
    initial: {
      code: formula?.code ?? '',
      name_fa: formula?.name_fa ?? '',
      text: formula?.text ?? '',
      description: formula?.description ?? '',
    },
    schema: formulaInput,
    prepare: (v) => ({ ...v, description: v.description.trim() === '' ? null : v.description }),
    save: (body) => save(body as Record<string, unknown>),
    onSaved,
  });
  const [company, setCompany] = useState<LegalPickerRow | null>(lastContext.company);
  const [year, setYear] = useState(lastContext.year || toPersianDigits(lastFiscalYear()));
  useEffect(() => {
    lastContext = { company, year };
  }, [company, year]);
  const text = useDebounced(form.values.text, DEBOUNCE_MS);
  const yearNumber = Number(toAsciiDigits(year));
  const validYear =
    Number.isInteger(yearNumber) && yearNumber >= 1300 && yearNumber <= 1500 ? yearNumber : null;
  const title = formula ? `ویرایش فرمول «${formula.name_fa}»` : 'فرمول تازه';
  const submit = (e?: FormEvent) => void form.submit(e);
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} size="lg">
      <form onSubmit={submit} onKeyDown={submitOnModEnter(submit)} noValidate aria-label={title}>
        <div className={layout}>
          <div className={column}>
            <TextField
              label="کد فرمول"
              name="code"
              ltr
              required
              value={form.values.code}
              onChange={(v) => form.set('code', v)}
              error={form.error('code')}
              hint="لاتین با حرف کوچک، رقم و _"
              autoFocus={!formula}
            />
            <TextField
              label="نام فرمول"
              name="name_fa"
              required
              value={form.values.name_fa}
              onChange={(v) => form.set('name_fa', v)}
              error={form.error('name_fa')}
            />
            <Field
              label="متن فرمول"
              required
              error={form.error('text')}
              hint="اقلام صورت مالی با کدشان، سنجه‌ها با پیشوند measure؛ چهار عمل اصلی، پرانتز، min، max، abs، round و شرط"
            >
              <textarea
                className={`${inputCss({ multiline: true })} ${mono}`}
                name="text"
                dir="ltr"
                rows={4}
                spellCheck={false}
                autoFocus={!!formula}
                value={form.values.text}
                onChange={(e) => form.set('text', e.target.value)}
              />
            </Field>
            <TextField
              label="توضیح"
              name="description"
              multiline
              rows={2}
              value={form.values.description}
              onChange={(v) => form.set('description', v)}
              error={form.error('description')}
            />
          </div>
          <div className={column}>
            <div className={pickRow}>
              <LegalPersonPicker label="شرکت" name="preview_company" value={company} onChange={setCompany} />
              <TextField
                label="سال مالی"
                name="preview_year"
                ltr
                inputMode="numeric"
                maxLength={4}
                value={year}
                onChange={(v) => setYear(toPersianDigits(v))}
                error={validYear === null ? 'سال ۱۳۰۰ تا ۱۵۰۰' : undefined}
              />
            </div>
            <Preview text={text} company={company} year={validYear} />
          </div>
        </div>
        {form.errors._?.[0] && (
          <p role="alert" className={alertCss}>
            {form.errors._[0]}
          </p>
        )}
        <div className={buttons}>
          <Button onClick={onClose} disabled={form.busy}>
            انصراف
          </Button>
          <Button type="submit" tone="primary" disabled={form.busy} shortcut="$mod+Enter">
            ذخیره
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
