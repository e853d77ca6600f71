import { useState } from 'react';
import {
  MINUTES_KIND_LABELS,
  MINUTES_KINDS,
  type MinutesRow,
  minutesInput,
} from '~/contract/company-reports.ts';
import type { LegalPickerRow } from '~/contract/persons.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { LegalPersonPicker, SelectField, TextField } from '~/ui/form/fields.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { FormDialog } from '~/ui/managed-list.tsx';
import { saveMinutes } from './api.ts';
import { formGrid } from './form-parts.tsx';

const jalali = (iso: string | null) => toPersianDigits(jalaliOfIso(iso));

/**
 * Create or edit minutes of a meeting: company (searched by name, ticker or national id), Jalali
 * meeting date, kind, title, attendees, decisions and an optional follow-up date. The contract's
 * schema checks first, then the server's 422 lands under the fields; a 409 (edited elsewhere)
 * shows above the buttons.
 */
export function MinutesForm({
  open,
  row,
  onClose,
  onSaved,
}: {
  open: boolean;
  row: MinutesRow | null;
  onClose(): void;
  onSaved(): void;
}) {
  const [company, setCompany] = useState<LegalPickerRow | null>(
    row ? { id: row.legal_person_id, name: row.company, national_id: null } : null,
  );
  const form = useForm({
    schema: minutesInput,
    initial: {
      legal_person_id: row ? String(row.legal_person_id) : '',
      meeting_date: row ? jalali(row.meeting_date) : '',
      kind: row?.kind ?? 'board',
      title: row?.title ?? '',
      attendees: row?.attendees ?? '',
      decisions: row?.decisions ?? '',
      follow_up_date: row ? jalali(row.follow_up_date) : '',
    },
    save: (data) => saveMinutes(row?.id ?? null, row ? { ...data, version: row.version } : data),
    onSaved,
  });
  const { values, set, errors } = form;
  return (
    <FormDialog
      open={open}
      title={row ? 'ویرایش صورتجلسه' : 'صورتجلسه تازه'}
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
      <div className={formGrid}>
        <JalaliField
          label="تاریخ جلسه"
          name="meeting_date"
          required
          value={values.meeting_date}
          onChange={(v) => set('meeting_date', v)}
          error={errors.meeting_date?.[0]}
        />
        <SelectField
          label="نوع جلسه"
          name="kind"
          required
          empty={null}
          value={values.kind}
          onChange={(v) => set('kind', v)}
          options={MINUTES_KINDS.map((k) => ({ value: k, label: MINUTES_KIND_LABELS[k]! }))}
          error={errors.kind?.[0]}
        />
      </div>
      <TextField
        label="عنوان"
        name="title"
        required
        value={values.title}
        onChange={(v) => set('title', v)}
        error={errors.title?.[0]}
      />
      <TextField
        label="حاضران"
        name="attendees"
        multiline
        value={values.attendees}
        onChange={(v) => set('attendees', v)}
        error={errors.attendees?.[0]}
      />
      <TextField
        label="مصوبات"
        name="decisions"
        multiline
        value={values.decisions}
        onChange={(v) => set('decisions', v)}
        error={errors.decisions?.[0]}
      />
      <JalaliField
        label="تاریخ پیگیری"
        name="follow_up_date"
        value={values.follow_up_date}
        onChange={(v) => set('follow_up_date', v)}
        error={errors.follow_up_date?.[0]}
      />
    </FormDialog>
  );
}
