import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Fragment, type ReactNode, useMemo } from 'react';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits, toPersianDigitsInText } from '~/domain/persian-text.ts';
import { parseId } from '~/lib/route-params.ts';
import { AmountInput } from '~/ui/amount-input.tsx';
import { CityCombobox } from '~/ui/city-combobox.tsx';
import { Field } from '~/ui/field.tsx';
import { CheckField, IndustrySelect, LegalPersonPicker, SelectField, TextField } from '~/ui/form/fields.tsx';
import { DuplicateLink, FormSection, RecordFormPage, withLink } from '~/ui/form/record-form.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { RecordUnavailable } from '~/ui/record/record-unavailable.tsx';
import { toast } from '~/ui/toaster.tsx';
import { listSearchFor } from '../navigation.ts';
import { afterSave, createPerson, updatePerson } from './api.ts';
import {
  type Detail,
  type FormFieldSpec,
  LEGAL,
  type PersonFormKind,
  TRUE,
  type Values,
} from './person-form-kinds.ts';

/**
 * The create and update pages of legal and true persons (/person/legal-persons/create,
 * /person/legal-persons/update/{id}, and the same under true-persons): one form, every field of
 * the kind's input schema, described as data in person-form-kinds.ts (section, control, digits); what the kinds
 * do differently is in their descriptions, not in branches.
 */

/** A picked record is held under its field's name without `_id`. */
const held = (f: FormFieldSpec) =>
  f.control === 'city' || f.control === 'legal' ? f.name.replace(/_id$/, '') : f.name;

/** The value a field opens with: empty for a new record, else read from the record. */
function initialOf(f: FormFieldSpec, detail: Detail | null, defaults: Values = {}): unknown {
  if (!detail) return defaults[f.name] ?? (f.control === 'city' || f.control === 'legal' ? null : '');
  if (f.read) {
    const own = f.read(detail);
    return own === undefined || own === null ? '' : String(own);
  }
  const raw = detail[held(f)];
  if (f.control === 'check') return raw;
  if (f.control === 'city') return raw ? { ...(raw as object), province: detail.province?.name ?? '' } : null;
  if (f.control === 'legal') return raw ? { ...(raw as object), national_id: null } : null;
  if (raw === null || raw === undefined) return '';
  if (f.control === 'date') return toPersianDigits(jalaliOfIso(raw as string) ?? '');
  if (f.digits === 'all') return toPersianDigits(raw as string);
  if (f.digits === 'text') return toPersianDigitsInText(raw as string);
  return raw;
}

/** The values as the schema reads them: picked records → their ids, no industry → null. */
function prepare(kind: PersonFormKind, v: Values): Values {
  const out: Values = { ...v };
  for (const f of kind.fields) {
    if (f.control === 'city' || f.control === 'legal') {
      delete out[held(f)];
      out[f.name] = (v[held(f)] as { id: number } | null)?.id ?? null;
    } else if (f.control === 'industry') out[f.name] = v[f.name] || null;
  }
  return out;
}

function PersonForm({
  kind,
  detail,
  onReload,
}: {
  kind: PersonFormKind;
  detail: Detail | null;
  onReload?(): void;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const initial = useMemo(
    () => Object.fromEntries(kind.fields.map((f) => [held(f), initialOf(f, detail, kind.defaults)])),
    [kind, detail],
  );
  const form = useForm({
    send: 'input',
    initial,
    schema: detail ? kind.update : kind.input,
    prepare: (v: Values) => (detail ? { ...prepare(kind, v), version: detail.version } : prepare(kind, v)),
    save: (input) => (detail ? updatePerson(kind.list, detail.id, input) : createPerson(kind.list, input)),
    onSaved: async (saved, input) => {
      const name = kind.nameOf(input as Values);
      toast.positive(detail ? `تغییرات «${name}» ذخیره شد` : `«${name}» ثبت شد`);
      await afterSave(client, kind.list, saved.id);
      void navigate({ to: kind.view, params: { id: String(saved.id) }, replace: true });
    },
  });
  const { values: v, set, error } = form;

  const control = (f: FormFieldSpec): ReactNode => {
    const label = kind.labels[f.name] ?? f.name;
    const common = { label, name: held(f), error: error(f.name), required: f.required };
    const value = v[held(f)];
    const onChange = (x: unknown) => set(held(f), x);
    switch (f.control) {
      case 'select':
        return (
          <SelectField
            {...common}
            value={value as string}
            onChange={onChange}
            options={f.options ?? []}
            empty={f.required ? null : undefined}
          />
        );
      case 'date':
        return <JalaliField {...common} value={value as string} onChange={onChange} />;
      case 'city':
        return <CityCombobox {...common} value={value as never} onChange={onChange} />;
      case 'legal':
        return (
          <LegalPersonPicker {...common} value={value as never} onChange={onChange} exclude={detail?.id} />
        );
      case 'industry':
        return <IndustrySelect {...common} value={value as string} onChange={onChange} />;
      case 'check':
        return (
          <CheckField
            key={f.name}
            label={f.label ?? label}
            name={f.name}
            checked={!!value}
            onChange={onChange}
          />
        );
      case 'amount':
        return (
          <Field label={label} error={error(f.name)}>
            <AmountInput name={f.name} value={value as string} onChange={onChange} />
          </Field>
        );
      default: {
        const box = <TextField {...common} {...f.text} value={value as string} onChange={onChange} />;
        return f.unique ? (
          <div className={withLink}>
            {box}
            {error(f.name) && <DuplicateLink conflict={form.conflict} />}
          </div>
        ) : (
          box
        );
      }
    }
  };
  const sections = [...new Set(kind.fields.map((f) => f.section))];
  const cancel = () =>
    detail
      ? navigate({ to: kind.view, params: { id: String(detail.id) } })
      : navigate({ to: kind.listPath, search: listSearchFor(kind.list) });

  return (
    <RecordFormPage
      title={detail ? `ویرایش ${kind.nameOf(detail)}` : `ثبت ${kind.title}`}
      label={detail ? `ویرایش ${kind.title}` : `ثبت ${kind.title}`}
      form={form}
      onCancel={cancel}
      onReload={onReload}
    >
      {sections.map((s) => (
        <FormSection key={s} title={s}>
          {kind.fields
            .filter((f) => f.section === s)
            .map((f) => (
              <Fragment key={f.name}>{control(f)}</Fragment>
            ))}
        </FormSection>
      ))}
    </RecordFormPage>
  );
}

/** The update page: the record as loaded, saved with its `version`. */
function PersonUpdateScreen({ kind }: { kind: PersonFormKind }) {
  const { id: raw } = useParams({ from: kind.edit });
  const query = useQuery(kind.query(parseId(raw) ?? 0));
  const p = query.data;
  if (!p) return <RecordUnavailable query={query} {...kind.missing} />;
  return (
    <PersonForm key={`${p.id}:${p.version}`} kind={kind} detail={p} onReload={() => void query.refetch()} />
  );
}

/** /person/legal-persons/create */
export const LegalPersonCreateScreen = () => <PersonForm kind={LEGAL} detail={null} />;
/** /person/legal-persons/update/{id} */
export const LegalPersonUpdateScreen = () => <PersonUpdateScreen kind={LEGAL} />;
/** /person/true-persons/create */
export const TruePersonCreateScreen = () => <PersonForm kind={TRUE} detail={null} />;
/** /person/true-persons/update/{id} */
export const TruePersonUpdateScreen = () => <PersonUpdateScreen kind={TRUE} />;
