import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import {
  CONTACT_KIND_LABELS,
  CONTACT_KINDS,
  type Contact,
  type ContactKind,
  contactEntity,
  contactInput,
} from '~/contract/contacts.ts';
import { ownedApi } from '~/lib/owned-api.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { Field } from '~/ui/field.tsx';
import { CheckField } from '~/ui/form/fields.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { Input, input as inputCss } from '~/ui/input.tsx';
import { FormDialog } from '~/ui/managed-list.tsx';

const selectCss = css({ appearance: 'auto', py: '0' });

/** What each kind looks like, as the value's hint. */
const HINTS: Record<ContactKind, string> = {
  phone: 'با پیش‌شماره؛ مانند ۰۲۱-۸۸۸۸۸۸۸۸',
  mobile: '۱۱ رقم با ۰۹؛ مانند ۰۹۱۲۳۴۵۶۷۸۹',
  email: 'مانند name@example.ir',
  fax: 'با پیش‌شماره؛ مانند ۰۲۱-۶۶۶۶۶۶۶۶',
  address: 'حداکثر ۵۰۰ نویسه',
  website: 'مانند example.ir یا https://example.ir',
};
const LTR = new Set<ContactKind>(['phone', 'mobile', 'email', 'fax', 'website']);

interface ContactFormProps {
  /** The person whose contact it is. */
  owner: Pick<RecordSectionProps, 'kind' | 'id'>;
  /** The contact to edit, or null for a new one. */
  row: Contact | null;
  onClose(): void;
  onSaved(): void;
}

/** Add or edit a contact: kind, value (checked by kind, here and on the server), primary. */
export function ContactForm({ owner, row, onClose, onSaved }: ContactFormProps) {
  const id = useId();
  const calls = ownedApi(contactEntity, { type: owner.kind, id: owner.id });
  const { kind, value } = contactEntity.fields;
  const form = useForm({
    schema: contactInput,
    initial: {
      kind: (row?.kind ?? 'phone') as ContactKind,
      value: row?.value ?? '',
      is_primary: row?.is_primary ?? false,
    },
    save: (data) => (row ? calls.update(row.id, data) : calls.create(data)),
    onSaved,
  });
  const { values, set, errors } = form;
  return (
    <FormDialog
      open
      title={row ? `ویرایش ${contactEntity.title}` : `${contactEntity.title} تازه`}
      busy={form.busy}
      error={errors._?.[0]}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Field label={kind.label} error={errors.kind} required>
        <select
          id={`${id}-kind`}
          className={cx(inputCss(), selectCss)}
          value={values.kind}
          autoFocus
          onChange={(e) => set('kind', e.target.value as ContactKind)}
        >
          {CONTACT_KINDS.map((k) => (
            <option key={k} value={k}>
              {CONTACT_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={value.label} error={errors.value} required hint={HINTS[values.kind]}>
        <Input
          id={`${id}-value`}
          ltr={LTR.has(values.kind)}
          value={values.value}
          maxLength={600}
          onChange={(e) => set('value', e.target.value)}
        />
      </Field>
      <CheckField
        name="is_primary"
        checked={values.is_primary}
        onChange={(v) => set('is_primary', v)}
        label={`${CONTACT_KIND_LABELS[values.kind]} اصلی (جای ${CONTACT_KIND_LABELS[values.kind]} اصلی پیشین را می‌گیرد)`}
      />
    </FormDialog>
  );
}
