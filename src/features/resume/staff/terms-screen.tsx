import { useId } from 'react';
import {
  TERM_KIND_LABELS,
  TERM_KINDS,
  type TermCondition,
  type TermConditionInput,
  type TermKind,
  termConditionInput,
} from '~/contract/resume.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { Badge } from '~/ui/badge.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { Field } from '~/ui/field.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { formatDate, formatNumber } from '~/ui/format.ts';
import { Input, input, Textarea } from '~/ui/input.tsx';
import { actionsCellFor, checkRow, FormDialog, ManagedList, type RowHandlers } from '~/ui/managed-list.tsx';
import { createTerm, deleteTerm, fetchTerms, resumeKeys, updateTerm } from './api.ts';
import { ActiveBadge } from './labels.tsx';

const col = columnHelper<TermCondition>();

function termColumns(handlers: { current: RowHandlers<TermCondition> }) {
  return col.columns([
    col.accessor('sort', {
      header: 'ترتیب',
      size: 60,
      enableSorting: false,
      meta: { numeric: true },
      cell: (c) => formatNumber(c.getValue()),
    }),
    col.accessor('question', {
      header: 'متن پرسش',
      size: 260,
      enableSorting: false,
      meta: { grow: 1 },
      cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
    }),
    col.accessor('kind', {
      header: 'نوع پاسخ',
      size: 95,
      enableSorting: false,
      cell: (c) => TERM_KIND_LABELS[c.getValue()] ?? c.getValue(),
    }),
    col.accessor('required', {
      header: 'الزامی',
      size: 65,
      enableSorting: false,
      cell: (c) => (c.getValue() ? <Badge tone="accent">الزامی</Badge> : 'اختیاری'),
    }),
    col.accessor('active', {
      header: 'وضعیت',
      size: 75,
      enableSorting: false,
      cell: (c) => <ActiveBadge active={c.getValue()} />,
    }),
    col.accessor('answers', {
      header: 'پاسخ‌ها',
      size: 70,
      enableSorting: false,
      meta: { numeric: true, description: 'شمار متقاضیانی که به این پرسش پاسخ داده‌اند' },
      cell: (c) => formatNumber(c.getValue()),
    }),
    col.accessor('updated_at', {
      header: 'ویرایش',
      size: 95,
      enableSorting: false,
      meta: { numeric: true },
      cell: (c) => formatDate(c.getValue()),
    }),
    col.display({
      id: 'actions',
      header: 'کارها',
      size: 220,
      cell: ({ row }) => actionsCellFor(row.original, handlers.current),
    }),
  ]);
}

const inputOf = (t: TermCondition): TermConditionInput => ({
  question: t.question,
  kind: t.kind,
  required: t.required,
  active: t.active,
  sort: t.sort,
});

interface TermFormProps {
  open: boolean;
  row: TermCondition | null;
  /** The sort a new question starts with (after the last one). */
  nextSort: number;
  onClose(): void;
  onSaved(): void;
}

/** Create or edit a question (the contract's termConditionInput, then the server's 422). */
function TermForm({ open, row, nextSort, onClose, onSaved }: TermFormProps) {
  const id = useId();
  const form = useForm({
    schema: termConditionInput,
    initial: {
      question: row?.question ?? '',
      kind: (row?.kind ?? '') as TermKind | '',
      required: row?.required ?? true,
      active: row?.active ?? true,
      sort: toPersianDigits(String(row?.sort ?? nextSort)),
    },
    save: (data) => (row ? updateTerm(row.id, data) : createTerm(data)),
    onSaved,
    prepare: (v) => ({ ...v, sort: toAsciiDigits(v.sort).trim() }),
  });
  const { values, set, errors } = form;
  return (
    <FormDialog
      open={open}
      title={row ? 'ویرایش پرسش' : 'پرسش تازه'}
      busy={form.busy}
      error={errors._?.[0]}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Field label="متن پرسش" error={errors.question} required hint="۵ تا ۱۰۰۰ نویسه">
        <Textarea
          id={`${id}-question`}
          value={values.question}
          rows={3}
          maxLength={1000}
          autoFocus
          onChange={(e) => set('question', e.target.value)}
        />
      </Field>
      <Field label="نوع پاسخ" error={errors.kind} required>
        <select
          id={`${id}-kind`}
          className={input({})}
          value={values.kind}
          onChange={(e) => set('kind', e.target.value as TermKind | '')}
        >
          <option value="">برگزینید…</option>
          {TERM_KINDS.map((k) => (
            <option key={k} value={k}>
              {TERM_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="ترتیب" error={errors.sort} hint="پرسش‌ها به این ترتیب پرسیده می‌شوند">
        <Input
          id={`${id}-sort`}
          ltr
          inputMode="numeric"
          value={values.sort}
          onChange={(e) => set('sort', e.target.value)}
          style={{ maxWidth: 120 }}
        />
      </Field>
      <div className={checkRow}>
        <label>
          <input
            type="checkbox"
            checked={values.required}
            onChange={(e) => set('required', e.target.checked)}
          />{' '}
          پاسخ الزامی است
        </label>
        <label>
          <input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} />{' '}
          فعال (از متقاضیان پرسیده شود)
        </label>
      </div>
    </FormDialog>
  );
}

let lastSort = 0;
const fetchAllTerms = async (signal: AbortSignal) => {
  const rows = await fetchTerms(signal);
  lastSort = rows.reduce((m, r) => Math.max(m, r.sort), 0);
  return rows;
};

/** /resume/terms: the term-and-condition questions asked at step 5 of the resume. */
export function TermsScreen() {
  return (
    <ManagedList<TermCondition>
      from="/resume/terms"
      id="resume-terms"
      label="پرسش‌های رزومه"
      description="پرسش‌ها و شرایطی که متقاضی در مرحله پنجم رزومه پاسخ می‌دهد؛ پرسش پاسخ‌داده را به‌جای حذف غیرفعال کنید"
      noun="پرسش"
      nameOf={(t) => (t.question.length > 40 ? `${t.question.slice(0, 40)}…` : t.question)}
      searchText={(t) => t.question}
      columns={termColumns}
      queryKey={resumeKeys.terms}
      fetchAll={fetchAllTerms}
      setActive={(t, active) => updateTerm(t.id, { ...inputOf(t), active })}
      remove={(t) => deleteTerm(t.id)}
      renderForm={(p) => <TermForm {...p} nextSort={lastSort + 10} />}
      emptyText="هنوز پرسشی تعریف نشده است"
    />
  );
}
