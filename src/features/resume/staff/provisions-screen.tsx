import { useId } from 'react';
import { type Provision, type ProvisionInput, provisionInput } from '~/contract/resume.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { Field } from '~/ui/field.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { formatDate, formatNumber } from '~/ui/format.ts';
import { Input, Textarea } from '~/ui/input.tsx';
import { actionsCellFor, checkRow, FormDialog, ManagedList, type RowHandlers } from '~/ui/managed-list.tsx';
import { createProvision, deleteProvision, fetchProvisions, resumeKeys, updateProvision } from './api.ts';
import { ActiveBadge } from './labels.tsx';

const col = columnHelper<Provision>();

function provisionColumns(handlers: { current: RowHandlers<Provision> }) {
  return col.columns([
    col.accessor('sort', {
      header: 'ترتیب',
      size: 60,
      enableSorting: false,
      meta: { numeric: true },
      cell: (c) => formatNumber(c.getValue()),
    }),
    col.accessor('title', {
      header: 'عنوان',
      size: 180,
      enableSorting: false,
      cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
    }),
    col.accessor('body', {
      header: 'متن تعهد',
      size: 260,
      enableSorting: false,
      meta: { grow: 1 },
      cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
    }),
    col.accessor('active', {
      header: 'وضعیت',
      size: 75,
      enableSorting: false,
      cell: (c) => <ActiveBadge active={c.getValue()} />,
    }),
    col.accessor('accepted_by', {
      header: 'پذیرفته‌اند',
      size: 80,
      enableSorting: false,
      meta: { numeric: true, description: 'شمار متقاضیانی که این تعهد را پذیرفته‌اند' },
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

const inputOf = (p: Provision): ProvisionInput => ({
  title: p.title,
  body: p.body,
  active: p.active,
  sort: p.sort,
});

interface ProvisionFormProps {
  open: boolean;
  row: Provision | null;
  nextSort: number;
  onClose(): void;
  onSaved(): void;
}

/** Create or edit a provision (the contract's provisionInput, then the server's 422). */
function ProvisionForm({ open, row, nextSort, onClose, onSaved }: ProvisionFormProps) {
  const id = useId();
  const form = useForm({
    schema: provisionInput,
    initial: {
      title: row?.title ?? '',
      body: row?.body ?? '',
      active: row?.active ?? true,
      sort: toPersianDigits(String(row?.sort ?? nextSort)),
    },
    save: (data) => (row ? updateProvision(row.id, data) : createProvision(data)),
    onSaved,
    prepare: (v) => ({ ...v, sort: toAsciiDigits(v.sort).trim() }),
  });
  const { values, set, errors } = form;
  return (
    <FormDialog
      open={open}
      title={row ? 'ویرایش تعهد' : 'تعهد تازه'}
      busy={form.busy}
      error={errors._?.[0]}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Field label="عنوان" error={errors.title} required hint="۳ تا ۲۰۰ نویسه">
        <Input
          id={`${id}-title`}
          value={values.title}
          maxLength={200}
          autoFocus
          onChange={(e) => set('title', e.target.value)}
        />
      </Field>
      <Field label="متن تعهد" error={errors.body} required hint="۱۰ تا ۴۰۰۰ نویسه؛ چند بند در چند سطر">
        <Textarea
          id={`${id}-body`}
          value={values.body}
          rows={8}
          maxLength={4000}
          onChange={(e) => set('body', e.target.value)}
        />
      </Field>
      <Field label="ترتیب" error={errors.sort} hint="تعهدها به این ترتیب نشان داده می‌شوند">
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
          <input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} />{' '}
          فعال (متقاضیان باید آن را بپذیرند)
        </label>
      </div>
    </FormDialog>
  );
}

let lastSort = 0;
const fetchAllProvisions = async (signal: AbortSignal) => {
  const rows = await fetchProvisions(signal);
  lastSort = rows.reduce((m, r) => Math.max(m, r.sort), 0);
  return rows;
};

/** /resume/provisions: the provisions every applicant accepts at step 4 of the resume. */
export function ProvisionsScreen() {
  return (
    <ManagedList<Provision>
      from="/resume/provisions"
      id="resume-provisions"
      label="تعهدنامه رزومه"
      description="تعهدهایی که متقاضی در مرحله چهارم رزومه می‌پذیرد؛ تعهد پذیرفته‌شده را به‌جای حذف غیرفعال کنید"
      noun="تعهد"
      nameOf={(p) => p.title}
      searchText={(p) => `${p.title} ${p.body}`}
      columns={provisionColumns}
      queryKey={resumeKeys.provisions}
      fetchAll={fetchAllProvisions}
      setActive={(p, active) => updateProvision(p.id, { ...inputOf(p), active })}
      remove={(p) => deleteProvision(p.id)}
      renderForm={(props) => <ProvisionForm {...props} nextSort={lastSort + 10} />}
      emptyText="هنوز تعهدی تعریف نشده است"
    />
  );
}
