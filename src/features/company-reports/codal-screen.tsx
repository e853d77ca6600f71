import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { CODAL_KINDS, type CodalRow, codalInput } from '~/contract/company-reports.ts';
import type { LegalPickerRow } from '~/contract/persons.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { useCommandContext } from '~/lib/command-context.ts';
import { Button } from '~/ui/button.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { LegalPersonPicker, SelectField, TextField } from '~/ui/form/fields.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { formatDateTime } from '~/ui/format.ts';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { FormDialog } from '~/ui/managed-list.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { useFormCommand } from '~/ui/record/commands.ts';
import { toast } from '~/ui/toaster.tsx';
import { whenNoDialog } from '~/ui/when-no-dialog.ts';
import { createCodal, fetchCodal, reportKeys } from './api.ts';
import { EDIT_PATH } from './company-rows-screen.tsx';
import { formGrid } from './form-parts.tsx';
import { codalFilters } from './search.ts';

const col = columnHelper<CodalRow>();

/** Ids are the server's sort keys; unsortable columns say so. */
const codalColumns = col.columns([
  col.accessor('published_at', {
    header: 'زمان انتشار',
    size: 150,
    sortDescFirst: true,
    meta: { numeric: true },
    cell: (c) => formatDateTime(c.getValue()),
  }),
  col.accessor('company', { header: 'شرکت', size: 180, cell: (c) => c.getValue() ?? '—' }),
  col.accessor('ticker', {
    header: 'نماد',
    size: 80,
    enableSorting: false,
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor('kind', { header: 'نوع اطلاعیه', size: 190, enableSorting: false }),
  col.accessor('title', {
    header: 'عنوان',
    size: 320,
    meta: { grow: 1 },
    enableSorting: false,
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
  }),
  col.accessor('tracing_number', {
    header: 'شماره پیگیری',
    size: 110,
    meta: { numeric: true },
    cell: (c) => toPersianDigits(c.getValue()),
  }),
]);

function CodalForm({ open, onClose, onSaved }: { open: boolean; onClose(): void; onSaved(): void }) {
  const [company, setCompany] = useState<LegalPickerRow | null>(null);
  const form = useForm({
    schema: codalInput,
    initial: {
      legal_person_id: '',
      kind: '',
      title: '',
      tracing_number: '',
      letter_code: '',
      published_date: '',
      published_time: '',
      url: '',
    },
    save: createCodal,
    onSaved,
  });
  const { values, set, errors } = form;
  return (
    <FormDialog
      open={open}
      title="ثبت اطلاعیه کدال"
      busy={form.busy}
      error={errors._?.[0]}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <LegalPersonPicker
        label="شرکت"
        name="legal_person_id"
        required
        value={company}
        onChange={(v) => {
          setCompany(v);
          set('legal_person_id', v ? String(v.id) : '');
        }}
        error={errors.legal_person_id?.[0]}
      />
      <SelectField
        label="نوع اطلاعیه"
        name="kind"
        required
        value={values.kind}
        onChange={(v) => set('kind', v)}
        options={CODAL_KINDS.map((k) => ({ value: k, label: k }))}
        error={errors.kind?.[0]}
      />
      <TextField
        label="عنوان"
        name="title"
        required
        value={values.title}
        onChange={(v) => set('title', v)}
        error={errors.title?.[0]}
      />
      <div className={formGrid}>
        <TextField
          label="شماره پیگیری"
          name="tracing_number"
          required
          inputMode="numeric"
          ltr
          value={values.tracing_number}
          onChange={(v) => set('tracing_number', v)}
          error={errors.tracing_number?.[0]}
        />
        <TextField
          label="کد نامه"
          name="letter_code"
          hint="مانند ن-۳۰"
          value={values.letter_code}
          onChange={(v) => set('letter_code', v)}
          error={errors.letter_code?.[0]}
        />
        <JalaliField
          label="تاریخ انتشار"
          name="published_date"
          required
          value={values.published_date}
          onChange={(v) => set('published_date', v)}
          error={errors.published_date?.[0]}
        />
        <TextField
          label="ساعت انتشار"
          name="published_time"
          ltr
          hint="به وقت تهران، مانند ۱۴:۳۰"
          maxLength={5}
          value={values.published_time}
          onChange={(v) => set('published_time', v)}
          error={errors.published_time?.[0]}
        />
      </div>
      <TextField
        label="نشانی در کدال"
        name="url"
        ltr
        hint="اختیاری؛ با https://"
        value={values.url}
        onChange={(v) => set('url', v)}
        error={errors.url?.[0]}
      />
    </FormDialog>
  );
}

/**
 * /person/legal-persons/codal-infos: Codal disclosures of every listed company, newest first;
 * filters company, kind and (in the builder, Shift+F) the publish date range; Enter opens the
 * company, P / C / M its product reports, production capacity and monthly activity; N adds a
 * disclosure by hand (roles that may edit legal persons).
 */
export function CodalScreen() {
  const search = useSearch({ from: '/person/legal-persons/codal-infos' });
  const navigate = useNavigate({ from: '/person/legal-persons/codal-infos' });
  const queryClient = useQueryClient();
  const canEdit = useCommandContext().canOpen(EDIT_PATH);
  const [adding, setAdding] = useState(false);
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback(
    (row: CodalRow) => {
      if (row.legal_person_id)
        navigate({ to: '/person/legal-persons/view/$id', params: { id: String(row.legal_person_id) } });
    },
    [navigate],
  );
  // The company's own report screens, from its disclosure: P, C, M.
  const rowActions = useMemo<RowAction<CodalRow>[]>(() => {
    const has = (r: CodalRow) => r.legal_person_id !== null;
    const id = (r: CodalRow) => String(r.legal_person_id);
    return [
      {
        id: 'codal.product-reports',
        title: 'گزارش‌های تولید شرکت',
        key: 'KeyP',
        isEnabled: has,
        run: (r) => navigate({ to: '/person/legal-persons/product-reports/$id', params: { id: id(r) } }),
      },
      {
        id: 'codal.capacity',
        title: 'ظرفیت تولید شرکت',
        key: 'KeyC',
        isEnabled: has,
        run: (r) => navigate({ to: '/person/legal-persons/production-capacity/$id', params: { id: id(r) } }),
      },
      {
        id: 'codal.monthly',
        title: 'گزارش فعالیت ماهانه شرکت',
        key: 'KeyM',
        isEnabled: has,
        run: (r) =>
          navigate({
            to: '/person/legal-persons/$lid/monthly-performance-report/list',
            params: { lid: id(r) },
          }),
      },
    ];
  }, [navigate]);
  useFormCommand({
    id: 'codal.new',
    title: 'ثبت اطلاعیه کدال',
    shortcut: 'KeyN',
    group: 'اطلاعات کدال',
    path: EDIT_PATH,
    keywords: ['codal', 'new', 'کدال', 'اطلاعیه'],
    run: () => whenNoDialog(() => setAdding(true)),
  });
  return (
    <>
      <PageHeader
        description="اطلاعیه‌های منتشرشده شرکت‌های بورسی در سامانه کدال"
        actions={
          canEdit && (
            <Button tone="primary" shortcut="KeyN" onClick={() => setAdding(true)}>
              ثبت اطلاعیه
            </Button>
          )
        }
      />
      <DataTable
        id="codal-infos"
        label="اطلاعیه‌های کدال"
        columns={codalColumns}
        filters={codalFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={reportKeys.codal}
        fetchPage={fetchCodal}
        getRowId={(r) => String(r.id)}
        onOpen={open}
        rowActions={rowActions}
        searchPlaceholder="عنوان، نماد، شرکت یا شماره پیگیری"
        emptyText="اطلاعیه‌ای یافت نشد"
      />
      <Fragment key={adding ? 'open' : 'closed'}>
        <CodalForm
          open={adding}
          onClose={() => setAdding(false)}
          onSaved={() => {
            toast.positive('اطلاعیه ثبت شد');
            setAdding(false);
            void queryClient.invalidateQueries({ queryKey: reportKeys.codal });
          }}
        />
      </Fragment>
    </>
  );
}
