import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Fragment, type ReactNode, useMemo } from 'react';
import type { EntityField } from '~/contract/entity.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits, toPersianDigitsInText } from '~/domain/persian-text.ts';
import { parseId } from '~/lib/route-params.ts';
import { FieldControl } from '~/ui/entity/field-control.tsx';
import { DuplicateLink, FormSection, RecordFormPage, wide, withLink } from '~/ui/form/record-form.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { RecordUnavailable } from '~/ui/record/record-unavailable.tsx';
import { toast } from '~/ui/toaster.tsx';
import { listSearchFor } from '../navigation.ts';
import { afterSave, createPerson, updatePerson } from './api.ts';
import { type Detail, LEGAL, type PersonFormKind, TRUE, type Values } from './person-form-kinds.ts';

/**
 * The create and update pages of legal and true persons (/person/legal-persons/create,
 * /person/legal-persons/update/{id}, and the same under true-persons): one form, every field of
 * the kind's description (contract/legal-person.ts, true-person.ts: section, order, digits, hints),
 * each drawn by the one control of a described field (ui/entity/field-control.tsx); what the kinds
 * do differently is in their descriptions (person-form-kinds.ts), not in branches.
 */

/** A picked record (a city, a legal person): the detail answers it under the name without `_id`. */
const pickedOf = (name: string) => name.replace(/_id$/, '');

/** The value a field opens with: the field's initial for a new record, else read from the record. */
function initialOf(kind: PersonFormKind, [name, f]: [string, EntityField], detail: Detail | null): unknown {
  if (!detail) return f.form?.initial ?? (f.picker ? null : '');
  const own = kind.read[name];
  if (own) {
    const v = own(detail);
    return v === undefined || v === null ? '' : String(v);
  }
  if (f.picker) {
    const raw = detail[pickedOf(name)] as object | null;
    if (!raw) return null;
    return f.picker === 'city'
      ? { ...raw, province: detail.province?.name ?? '' }
      : { ...raw, national_id: null };
  }
  const raw = detail[name];
  if (f.type === 'bool') return raw;
  if (raw === null || raw === undefined) return '';
  if (f.type === 'date') return toPersianDigits(jalaliOfIso(raw as string) ?? '');
  if (f.form?.digits === 'all') return toPersianDigits(String(raw));
  if (f.form?.digits === 'text') return toPersianDigitsInText(String(raw));
  return raw;
}

/** The values as the schema reads them: picked records → their ids, no choice of a source → null. */
function prepare(kind: PersonFormKind, v: Values): Values {
  const out: Values = { ...v };
  for (const [name, f] of kind.fields) {
    if (f.picker) out[name] = (v[name] as { id: number } | null)?.id ?? null;
    else if (f.optionsFrom) out[name] = v[name] || null;
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
    () => Object.fromEntries(kind.fields.map((e) => [e[0], initialOf(kind, e, detail)])),
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

  const control = ([name, f]: [string, EntityField]): ReactNode => {
    const box = (
      <FieldControl
        name={name}
        field={f}
        value={v[name]}
        error={error(name)}
        onChange={(x) => set(name, x)}
        exclude={detail?.id}
      />
    );
    // A national id or code another record has: the 422 links to that record.
    if (f.unique)
      return (
        <div className={withLink}>
          {box}
          {error(name) && <DuplicateLink conflict={form.conflict} />}
        </div>
      );
    return f.form?.wide ? <div className={wide}>{box}</div> : box;
  };
  const sections = [...new Set(kind.fields.map(([, f]) => f.form!.section))];
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
            .filter(([, f]) => f.form!.section === s)
            .map((e) => (
              <Fragment key={e[0]}>{control(e)}</Fragment>
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
