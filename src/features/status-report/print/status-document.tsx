import { css, cx } from 'styled-system/css';
import { type FieldSpec, STATUS_SECTIONS, type StatusSection } from '~/contract/status-report.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { EMPTY, formatDate, formatDateTime, formatNumber, formatPercent, formatRial } from '~/ui/format.ts';

/**
 * The status report as a printed document, section by section: each field as label and value,
 * each table with its header repeated on every page. `blank` makes the paper form: what is known
 * printed, an empty box for everything else, and empty rows in every table to write in.
 */

const section = css({ mb: '5', '@media print': { mb: '4' } });
const head = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: '2',
  borderBlockEndWidth: '2px',
  borderBlockEndStyle: 'solid',
  borderBlockEndColor: 'first',
  pb: '1',
  mb: '2',
});
const h = css({ fontSize: '15px', fontWeight: '700', m: '0', color: 'first.text' });
const note = css({ fontSize: '11px', color: 'muted' });
const grid = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: '1.5 4',
  m: '0',
  mb: '2',
  fontSize: '12.5px',
});
const item = css({
  display: 'flex',
  gap: '2',
  alignItems: 'baseline',
  minW: 0,
  '& dt': { color: 'muted', flexShrink: 0 },
});
const wideItem = css({ gridColumn: '1 / -1', flexDirection: 'column', gap: '0.5' });
const value = css({ m: '0', fontWeight: '500', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });
const box = css({
  flex: '1',
  minH: '7mm',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderRadius: '2px',
});
const tallBox = css({ minH: '18mm', w: '100%' });
const table = css({
  w: '100%',
  borderCollapse: 'collapse',
  fontSize: '12px',
  '& th, & td': {
    textAlign: 'start',
    px: '1.5',
    py: '1',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'line.strong',
    verticalAlign: 'top',
  },
  '& th': { bg: 'subtle', fontWeight: '600' },
  '& td[data-num]': { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& tr[data-blank] td': { h: '8mm' },
});
const caption = css({ captionSide: 'top', textAlign: 'start', fontWeight: 600, fontSize: '12.5px', pb: '1' });
const muted = css({ color: 'muted', fontSize: '12.5px', m: '0' });
const checkbox = css({
  display: 'inline-block',
  w: '3.5mm',
  h: '3.5mm',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'ink',
});

const NUMERIC = new Set(['amount', 'signed_amount', 'count', 'year', 'fraction', 'date', 'legal_id', 'code']);

/** A canonical value as printed: Persian digits, grouped amounts, Jalali dates, ٪. */
export function printValue(spec: FieldSpec, v: unknown): string {
  if (spec.kind === 'check') return v === true ? 'بله' : 'خیر';
  if (v === null || v === undefined || v === '') return EMPTY;
  switch (spec.kind) {
    case 'amount':
    case 'signed_amount':
      return formatRial(String(v));
    case 'count':
      return formatNumber(Number(v));
    case 'date':
      return formatDate(String(v));
    case 'fraction':
      return formatPercent(String(v), 4);
    default:
      return spec.name === 'website' ? String(v) : toPersianDigits(String(v));
  }
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

function Fields({
  fields,
  data,
  blank,
}: {
  fields: FieldSpec[];
  data: Record<string, unknown>;
  blank: boolean;
}) {
  return (
    <dl className={grid}>
      {fields.map((f) => {
        const v = data[f.name];
        const wide = f.kind === 'textarea';
        const empty = blank && (f.kind === 'check' ? v !== true : isBlank(v));
        return (
          <div key={f.name} className={cx(item, wide && wideItem)} data-print-keep>
            <dt>{f.label}</dt>
            {empty ? (
              <dd className={cx(box, wide && tallBox)} data-box="" />
            ) : (
              <dd className={value} dir={f.name === 'website' ? 'ltr' : undefined}>
                {printValue(f, v)}
              </dd>
            )}
          </div>
        );
      })}
    </dl>
  );
}

/** Empty rows a paper form leaves under a table's known rows. */
const BLANK_ROWS = 4;

function Rows({ n, rows, blank }: { n: number; rows: Record<string, unknown>[]; blank: boolean }) {
  const spec = STATUS_SECTIONS[n]!.table!;
  if (!rows.length && !blank) return <p className={muted}>{`${spec.title}: ردیفی ثبت نشده است.`}</p>;
  return (
    <table className={table}>
      <caption className={caption}>{spec.title}</caption>
      <thead>
        <tr>
          <th scope="col">ردیف</th>
          {spec.columns.map((c) => (
            <th key={c.name} scope="col">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: printed rows are known by their place
          <tr key={i}>
            <td data-num="">{toPersianDigits(i + 1)}</td>
            {spec.columns.map((c) => (
              <td key={c.name} data-num={NUMERIC.has(c.kind) ? '' : undefined}>
                {blank && c.kind === 'check' && r[c.name] !== true ? (
                  <span className={checkbox} />
                ) : blank && isBlank(r[c.name]) ? null : (
                  printValue(c, r[c.name])
                )}
              </td>
            ))}
          </tr>
        ))}
        {blank &&
          Array.from({ length: BLANK_ROWS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: empty rows have no identity
            <tr key={`blank-${i}`} data-blank="">
              <td data-num="">{toPersianDigits(rows.length + i + 1)}</td>
              {spec.columns.map((c) => (
                <td key={c.name}>{c.kind === 'check' ? <span className={checkbox} /> : null}</td>
              ))}
            </tr>
          ))}
      </tbody>
    </table>
  );
}

export interface StatusDocumentProps {
  sections: StatusSection[];
  blank?: boolean;
}

/** Every section of the report, printed (filled, or as the paper form when `blank`). */
export function StatusDocument({ sections, blank = false }: StatusDocumentProps) {
  return (
    <div>
      {sections.map((s) => {
        const spec = STATUS_SECTIONS[s.n]!;
        const notes = spec.fields.filter((f) => f.name === 'notes');
        const before = spec.fields.filter((f) => f.name !== 'notes');
        const rows = (s.data.rows as Record<string, unknown>[] | undefined) ?? [];
        return (
          <section key={s.n} className={section} aria-label={spec.title} data-print-section={s.n}>
            <div className={head} data-print-keep>
              <h2 className={h}>{`${toPersianDigits(s.n)}. ${spec.title}`}</h2>
              {!blank && (
                <span className={note}>
                  {s.saved && s.updated_at
                    ? `ذخیره‌شده ${formatDateTime(s.updated_at)}${s.updated_by ? `، ${s.updated_by.name}` : ''}`
                    : 'ذخیره نشده؛ پیش‌نویس از داده‌های سامانه'}
                </span>
              )}
            </div>
            {before.length > 0 && <Fields fields={before} data={s.data} blank={blank} />}
            {spec.table && <Rows n={s.n} rows={rows} blank={blank} />}
            {notes.length > 0 && <Fields fields={notes} data={s.data} blank={blank} />}
          </section>
        );
      })}
    </div>
  );
}
