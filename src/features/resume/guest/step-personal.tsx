import { css } from 'styled-system/css';
import { GENDER_LABELS, GENDERS, personalStep } from '~/contract/resume.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type City, CityCombobox } from '~/ui/city-combobox.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { useGuest } from './guest-context.tsx';
import { looseMessages, StepFrame, useStepForm } from './step-frame.tsx';
import * as s from './styles.ts';
import { ownDocumentUrl, UploadField } from './upload-field.tsx';

interface PersonalValues {
  first_name: string;
  last_name: string;
  father_name: string;
  birth_date: string;
  city: City | null;
  gender: string;
  email: string;
  address: string;
}
const FIELDS = [
  'first_name',
  'last_name',
  'father_name',
  'birth_date',
  'birth_city_id',
  'gender',
  'email',
  'address',
];

const photoBox = css({ display: 'flex', gap: '3', alignItems: 'center' });
const photo = css({
  w: '96px',
  h: '120px',
  objectFit: 'cover',
  borderRadius: '4px',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  bg: 'subtle',
});

/** Step 1: personal data, the birth city (combobox), and the photo (uploaded at once, previewed). */
export function PersonalStep() {
  const { state, send } = useGuest();
  const p = state.context.resume?.personal;
  const form = useStepForm<PersonalValues>(1, () => ({
    first_name: p?.first_name ?? '',
    last_name: p?.last_name ?? '',
    father_name: p?.father_name ?? '',
    birth_date: p ? toPersianDigits(jalaliOfIso(p.birth_date)) : '',
    city: p?.birth_city ?? null,
    gender: p?.gender ?? '',
    email: p?.email ?? '',
    address: p?.address ?? '',
  }));
  const v = form.values;
  const set = (patch: Partial<PersonalValues>) => form.setValues({ ...v, ...patch });
  const photoDoc = state.context.resume?.photo ?? null;
  const submit = () => {
    const { city, ...rest } = v;
    form.save(personalStep, { ...rest, birth_city_id: city?.id ?? '', email: v.email || null });
  };
  const text = (name: keyof PersonalValues & string, label: string, extra: object = {}) => (
    <Field label={label} error={form.error(name)} required>
      <input
        className={inputCss()}
        name={name}
        value={v[name] as string}
        onChange={(e) => set({ [name]: e.target.value })}
        {...extra}
      />
    </Field>
  );
  return (
    <StepFrame
      step={1}
      onSubmit={submit}
      messages={looseMessages([form.client, form.server], (k) => FIELDS.includes(k) || k === 'photo')}
    >
      <div className={s.grid}>
        {text('first_name', 'نام', { autoComplete: 'given-name' })}
        {text('last_name', 'نام خانوادگی', { autoComplete: 'family-name' })}
        {text('father_name', 'نام پدر')}
        <JalaliField
          label="تاریخ تولد"
          required
          name="birth_date"
          value={v.birth_date}
          onChange={(birth_date) => set({ birth_date })}
          error={form.error('birth_date')}
        />
        <CityCombobox value={v.city} onChange={(city) => set({ city })} error={form.error('birth_city_id')} />
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>جنسیت</legend>
          <div className={s.navGroup}>
            {GENDERS.map((g) => (
              <label key={g} className={s.check}>
                <input
                  type="radio"
                  name="gender"
                  value={g}
                  checked={v.gender === g}
                  onChange={() => set({ gender: g })}
                  aria-invalid={form.error('gender') ? true : undefined}
                />
                {GENDER_LABELS[g]}
              </label>
            ))}
          </div>
          {form.error('gender') && (
            <span role="alert" className={s.fieldError}>
              {form.error('gender')}
            </span>
          )}
        </fieldset>
        <Field label="رایانامه" error={form.error('email')} hint="اختیاری">
          <input
            className={inputCss({ ltr: true })}
            name="email"
            type="email"
            autoComplete="email"
            value={v.email}
            onChange={(e) => set({ email: e.target.value })}
          />
        </Field>
        <Field label="نشانی" error={form.error('address')} required className={s.full}>
          <textarea
            className={inputCss({ multiline: true })}
            name="address"
            rows={2}
            value={v.address}
            onChange={(e) => set({ address: e.target.value })}
          />
        </Field>
        <div className={`${photoBox} ${s.full}`}>
          {photoDoc ? (
            <img src={ownDocumentUrl(photoDoc.id)} alt="عکس بارگذاری‌شده" className={photo} />
          ) : (
            <div className={photo} aria-hidden="true" />
          )}
          <UploadField
            type="photo"
            label={photoDoc ? 'جایگزینی عکس' : 'عکس (الزامی)'}
            error={form.error('photo')}
            onUploaded={(doc) =>
              send({
                type: 'guest.documentsChanged',
                documents: [...(state.context.resume?.documents ?? []), doc],
              })
            }
          />
        </div>
      </div>
    </StepFrame>
  );
}
