import { generateMobile } from '../../domain/identifiers.ts';
import type { Rng } from '../../domain/random.ts';
import type { BulkType } from './bulk.ts';
import { addressIn, phoneIn, type Row, type SeedContext } from './generate.ts';
import { FEMALE_NAMES, LAST_NAMES, MALE_NAMES } from './names.ts';

export const BRANCH_COLUMNS: Record<string, BulkType> = {
  id: 'int',
  legal_person_id: 'int',
  name: 'text',
  city_id: 'int',
  address: 'text',
  phone: 'text',
  manager: 'text',
};

export const CONTACT_COLUMNS: Record<string, BulkType> = {
  id: 'int',
  owner_type: 'text',
  owner_id: 'int',
  kind: 'text',
  value: 'text',
  is_primary: 'bool',
};

export const MESSAGE_COLUMNS: Record<string, BulkType> = {
  id: 'int',
  name: 'text',
  mobile: 'text',
  subject: 'text',
  body: 'text',
  created_at: 'timestamptz',
};

const fullName = (rng: Rng) => `${rng.pick([...MALE_NAMES, ...FEMALE_NAMES])} ${rng.pick(LAST_NAMES)}`;

/** 1–4 branches in other cities for each of `companyIds`. */
export function buildBranches(rng: Rng, ctx: SeedContext, companyIds: readonly number[]): Row[] {
  const rows: Row[] = [];
  for (const legalPersonId of companyIds) {
    for (let i = rng.int(1, 4); i > 0; i--) {
      const city = rng.pick(ctx.cities);
      rows.push({
        id: rows.length + 1,
        legal_person_id: legalPersonId,
        name: `شعبه ${city.name}`,
        city_id: city.id,
        address: addressIn(rng, city),
        phone: phoneIn(rng, city),
        manager: fullName(rng),
      });
    }
  }
  return rows;
}

/**
 * Contact rows: for legal persons a primary phone, often a fax and an email, sometimes a website;
 * for true persons a primary mobile and sometimes an email.
 */
export function buildContacts(
  rng: Rng,
  ctx: SeedContext,
  legal: readonly { id: number; phone: string | null }[],
  people: readonly { id: number; mobile: string | null }[],
): Row[] {
  const rows: Row[] = [];
  const push = (owner_type: string, owner_id: number, kind: string, value: string, is_primary = false) =>
    rows.push({ id: rows.length + 1, owner_type, owner_id, kind, value, is_primary });
  for (const l of legal) {
    push('legal', l.id, 'phone', l.phone ?? phoneIn(rng, rng.pick(ctx.tehranCities)), true);
    if (rng.chance(0.6)) push('legal', l.id, 'fax', phoneIn(rng, rng.pick(ctx.tehranCities)));
    if (rng.chance(0.7)) push('legal', l.id, 'email', `info@company${l.id}.example`);
    if (rng.chance(0.3)) push('legal', l.id, 'website', `https://www.company${l.id}.example`);
  }
  for (const p of people) {
    push('true', p.id, 'mobile', p.mobile ?? generateMobile(rng), true);
    if (rng.chance(0.4)) push('true', p.id, 'email', `person${p.id}@mail.example`);
  }
  return rows;
}

const MESSAGES: readonly [string, string][] = [
  ['درخواست صورت‌های مالی حسابرسی‌شده', 'لطفاً صورت‌های مالی حسابرسی‌شده سال گذشته شرکت را در سامانه منتشر کنید.'],
  ['گزارش تأخیر در برگزاری مجمع', 'مجمع عمومی عادی سالیانه شرکت هنوز برگزار نشده است؛ پیگیری فرمایید.'],
  ['پرسش درباره شرایط عضویت در هیئت مدیره', 'شرایط و مدارک لازم برای ثبت رزومه عضویت در هیئت مدیره چیست؟'],
  ['اصلاح اطلاعات تماس شرکت', 'شماره تلفن دفتر مرکزی شرکت در سامانه قدیمی است و باید اصلاح شود.'],
  ['پیگیری پرداخت سود سهام', 'سود سهام مصوب مجمع سال گذشته هنوز به حساب سهامداران واریز نشده است.'],
  [
    'گزارش مغایرت در فهرست سهامداران',
    'درصد مالکیت یکی از سهامداران در فهرست منتشرشده با دفتر سهام مغایرت دارد.',
  ],
  ['درخواست همکاری پژوهشی', 'برای یک پژوهش دانشگاهی درباره شرکت‌های دولتی به داده‌های عمومی نیاز داریم.'],
  ['انتقاد از شفافیت اطلاعات', 'اطلاعات عملکرد ماهانه برخی شرکت‌ها با تأخیر زیاد منتشر می‌شود.'],
  ['پرسش درباره واگذاری سهام', 'آیا برنامه‌ای برای واگذاری سهام دولت در این شرکت وجود دارد؟'],
  ['مشکل در ورود به سامانه', 'هنگام ورود با رمز یک‌بارمصرف پیامکی دریافت نمی‌کنم.'],
  ['پیشنهاد برای گزارش‌های سامانه', 'امکان دریافت خروجی اکسل از فهرست شرکت‌ها بسیار مفید خواهد بود.'],
  ['گزارش ماده ۱۴۱', 'زیان انباشته این شرکت از نصف سرمایه گذشته و مجمع فوق‌العاده تشکیل نشده است.'],
];

/** A dozen public contact-form messages from the last two months. */
export function buildMessages(rng: Rng, ctx: SeedContext): Row[] {
  return MESSAGES.map(([subject, body], i) => ({
    id: i + 1,
    name: fullName(rng),
    mobile: rng.chance(0.8) ? generateMobile(rng) : null,
    subject,
    body,
    created_at: new Date(ctx.today.getTime() - rng.int(1, 60 * 24) * 3_600_000).toISOString(),
  }));
}
