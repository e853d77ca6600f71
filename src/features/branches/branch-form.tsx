import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import { type Branch, branchEntity, branchInput } from '~/contract/branches.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { legalPersonQuery, personKeys } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';
import { type City, CityCombobox } from '~/ui/city-combobox.tsx';
import { TextField } from '~/ui/form/fields.tsx';
import { FormSection, RecordFormPage, wide } from '~/ui/form/record-form.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { RecordUnavailable } from '~/ui/record/record-unavailable.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { dialogOnScreen } from '~/ui/when-no-dialog.ts';
import { branchCalls, branchQuery } from './api.ts';

interface Values {
  name: string;
  city: City | null;
  address: string;
  phone: string;
  manager: string;
}

const valuesOf = (b: Branch | null): Values => ({
  name: b?.name ?? '',
  city: b?.city ? { id: b.city.id, name: b.city.name, province: b.city.province ?? '' } : null,
  address: b?.address ?? '',
  phone: b?.phone ? toPersianDigits(b.phone) : '',
  manager: b?.manager ?? '',
});

const prepare = ({ city, ...rest }: Values) => ({ ...rest, city_id: city?.id ?? null });
const { fields } = branchEntity;

/**
 * A branch of company `legalId`: name, city, address, phone, manager. Ctrl/⌘+S (or Ctrl/⌘+Enter)
 * saves and returns to the company's view at its branches; Esc goes back there (asking first
 * when something changed).
 */
function BranchForm({
  legalId,
  companyName,
  branch,
}: {
  legalId: number;
  companyName: string;
  branch: Branch | null;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const initial = useMemo(() => valuesOf(branch), [branch]);
  const toCompany = () =>
    navigate({ to: '/person/legal-persons/view/$id', params: { id: String(legalId) }, hash: 'branches' });
  const form = useForm({
    send: 'input',
    initial,
    schema: branchInput,
    prepare,
    save: async (input) => {
      const calls = branchCalls(legalId);
      const saved = branch ? await calls.update(branch.id, input) : await calls.create(input);
      return { id: saved.id, version: 0 };
    },
    onSaved: async (_saved, input) => {
      toast.positive(branch ? `شعبه «${input.name}» ذخیره شد` : `شعبه «${input.name}» ثبت شد`);
      await client.invalidateQueries({ queryKey: personKeys.legalOne(legalId) });
      await client.invalidateQueries({ queryKey: branchCalls(legalId).keys.owner });
      void toCompany();
    },
  });
  useShortcuts({
    '$mod+KeyS': (e) => {
      e.preventDefault();
      if (!dialogOnScreen()) void form.submit();
    },
  });
  const { values: v, set, error } = form;
  return (
    <RecordFormPage
      title={branch ? `ویرایش شعبه ${branch.name}` : 'ثبت شعبه'}
      description={companyName}
      label={branch ? 'ویرایش شعبه' : 'ثبت شعبه'}
      form={form}
      onCancel={() => void toCompany()}
    >
      <FormSection title="شعبه">
        <TextField
          label={fields.name.label}
          name="name"
          required
          value={v.name}
          onChange={(x) => set('name', x)}
          error={error('name')}
          maxLength={140}
        />
        <CityCombobox
          label={fields.city.label}
          name="city"
          value={v.city}
          onChange={(c) => set('city', c)}
          error={error('city_id')}
        />
        <TextField
          label={fields.manager.label}
          name="manager"
          value={v.manager}
          onChange={(x) => set('manager', x)}
          error={error('manager')}
        />
        <TextField
          label={fields.phone.label}
          name="phone"
          ltr
          inputMode="tel"
          value={v.phone}
          onChange={(x) => set('phone', x)}
          error={error('phone')}
          hint="با پیش‌شماره؛ مانند ۰۳۱-۳۲۲۲۲۲۲۲"
        />
        <TextField
          label={fields.address.label}
          name="address"
          multiline
          className={wide}
          value={v.address}
          onChange={(x) => set('address', x)}
          error={error('address')}
        />
      </FormSection>
    </RecordFormPage>
  );
}

/** /person/legal-person-branch/create/{lid} */
export function BranchCreateScreen() {
  const { lid } = useParams({ from: '/person/legal-person-branch/create/$lid' });
  const legalId = parseId(lid) ?? 0;
  const company = useQuery(legalPersonQuery(legalId));
  if (!company.data)
    return (
      <RecordUnavailable
        query={company}
        missingTitle="این شخص حقوقی پیدا نشد"
        failedTitle="اطلاعات این شخص حقوقی بارگیری نشد"
      />
    );
  return <BranchForm legalId={legalId} companyName={company.data.name} branch={null} />;
}

/** /person/legal-person-branch/update/{lid}/{id} */
export function BranchUpdateScreen() {
  const params = useParams({ from: '/person/legal-person-branch/update/$lid/$id' });
  const legalId = parseId(params.lid) ?? 0;
  const id = parseId(params.id) ?? 0;
  const company = useQuery(legalPersonQuery(legalId));
  const branch = useQuery(branchQuery(legalId, id));
  if (!company.data || !branch.data)
    return (
      <RecordUnavailable
        query={company.data ? branch : company}
        missingTitle={company.data ? 'این شعبه پیدا نشد' : 'این شخص حقوقی پیدا نشد'}
        failedTitle="اطلاعات شعبه بارگیری نشد"
      />
    );
  return (
    <BranchForm key={branch.data.id} legalId={legalId} companyName={company.data.name} branch={branch.data} />
  );
}
