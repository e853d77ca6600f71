import { count } from 'drizzle-orm';
import { EDUCATION_LEVELS, REVIEW_STATUSES } from '../../contract/resume.ts';
import { generateMobile, generateNationalCode } from '../../domain/identifiers.ts';
import { isoOfDate } from '../../domain/jalali.ts';
import { searchKey } from '../../domain/persian-text.ts';
import { createRng, type Rng } from '../../domain/random.ts';
import type { Db } from '../db/client.ts';
import {
  cities,
  guests,
  resumeEducations,
  resumeExperiences,
  resumeProvisionAcceptances,
  resumeProvisions,
  resumeTermAnswers,
  resumeTerms,
} from '../db/schema/index.ts';
import { educationRank, experienceYears } from '../modules/resume/step-save.ts';
import { FEMALE_NAMES, FIELDS_OF_STUDY, LAST_NAMES, MALE_NAMES, STREETS } from './names.ts';

/**
 * The resume's standard texts (every mode: they are the organisation's own declarations and
 * questions, which staff then edit) and, for SEED=demo, 40 applicants with submitted resumes
 * (is_demo, no document files). Skips itself when provisions already exist.
 */

const PROVISIONS: { title: string; body: string }[] = [
  {
    title: 'صحت اطلاعات',
    body: 'اینجانب گواهی می‌کنم همه اطلاعات و مدارکی که در این رزومه ثبت کرده‌ام درست و کامل است و می‌پذیرم که در صورت نادرستی هر یک، رزومه‌ام از بررسی کنار گذاشته شود و هر انتصاب مبتنی بر آن لغو گردد.',
  },
  {
    title: 'نبود تعارض منافع',
    body: 'متعهد می‌شوم هرگونه منافع شخصی، خانوادگی یا مالی خود را در شرکت‌های طرف معامله یا رقیب شرکتی که برای عضویت در هیئت مدیره آن معرفی می‌شوم، پیش از انتصاب به‌طور کتبی اعلام کنم و در تصمیم‌هایی که با آن تعارض دارد شرکت نکنم.',
  },
  {
    title: 'منع تصدی مشاغل متعدد (اصل ۱۴۱ قانون اساسی)',
    body: 'آگاهم که بر پایه اصل ۱۴۱ قانون اساسی و قانون ممنوعیت تصدی بیش از یک شغل، تصدی هم‌زمان بیش از یک شغل دولتی و عضویت در هیئت مدیره شرکت‌های خصوصی جز در موارد مجاز قانونی ممنوع است و متعهد می‌شوم در صورت انتصاب، سمت‌های ناسازگار با قانون را واگذار کنم.',
  },
  {
    title: 'رازداری',
    body: 'متعهد می‌شوم اطلاعات محرمانه‌ای را که در جریان بررسی یا پس از انتصاب از شرکت و سهامداران آن به دست می‌آورم، جز در حدود وظایف قانونی فاش نکنم و به سود خود یا دیگران به کار نبرم.',
  },
  {
    title: 'رضایت به استعلام',
    body: 'رضایت می‌دهم که سازمان برای بررسی صلاحیت اینجانب از مراجع قضایی، انتظامی، مالیاتی، بانکی و سوابق بیمه و کارفرمایان پیشین استعلام کند و نتیجه آن در تصمیم‌گیری به کار رود.',
  },
];

const TERMS: { question: string; kind: 'yes_no' | 'text'; required: boolean }[] = [
  { question: 'آیا سابقه محکومیت کیفری مؤثر دارید؟', kind: 'yes_no', required: true },
  {
    question: 'آیا تاکنون از خدمت دولتی یا سمت مدیریتی برکنار یا انفصال شده‌اید؟',
    kind: 'yes_no',
    required: true,
  },
  {
    question: 'آیا بستگان درجه یک شما در این سازمان یا شرکت‌های تابعه آن شاغل‌اند؟',
    kind: 'yes_no',
    required: true,
  },
  { question: 'آیا می‌توانید به‌صورت تمام‌وقت در سمت پیشنهادی خدمت کنید؟', kind: 'yes_no', required: true },
  {
    question: 'مهم‌ترین دستاورد مدیریتی خود را در چند جمله شرح دهید.',
    kind: 'text',
    required: false,
  },
];

const UNIVERSITIES = [
  'دانشگاه تهران',
  'دانشگاه صنعتی شریف',
  'دانشگاه علامه طباطبایی',
  'دانشگاه شهید بهشتی',
  'دانشگاه صنعتی امیرکبیر',
  'دانشگاه اصفهان',
  'دانشگاه فردوسی مشهد',
  'دانشگاه شیراز',
  'دانشگاه تبریز',
  'دانشگاه علم و صنعت ایران',
];

const ORGANIZATIONS = [
  'شرکت ملی صنایع مس ایران',
  'شرکت سرمایه‌گذاری تأمین اجتماعی',
  'بانک ملت',
  'شرکت ملی نفت ایران',
  'سازمان گسترش و نوسازی صنایع ایران',
  'شرکت فولاد مبارکه اصفهان',
  'صندوق بازنشستگی کشوری',
  'شرکت مخابرات ایران',
  'شرکت توانیر',
  'بیمه ایران',
];

const POSTS = [
  'مدیر مالی',
  'معاون برنامه‌ریزی',
  'مدیرعامل',
  'عضو هیئت مدیره',
  'مدیر بازرگانی',
  'کارشناس ارشد سرمایه‌گذاری',
  'مدیر حسابرسی داخلی',
];

const DAY = 86_400_000;
const isoDaysBefore = (base: Date, days: number) => isoOfDate(new Date(base.getTime() - days * DAY));

/** Seeds the standard provisions and questions, and with `demo` the demo applicants. */
export async function seedResumes(db: Db, opts: { demo: boolean; now?: Date }): Promise<void> {
  const [row] = await db.select({ n: count() }).from(resumeProvisions);
  if ((row?.n ?? 0) > 0) return;
  const provisions = await db
    .insert(resumeProvisions)
    .values(PROVISIONS.map((p, i) => ({ ...p, sort: (i + 1) * 10 })))
    .returning({ id: resumeProvisions.id });
  const terms = await db
    .insert(resumeTerms)
    .values(TERMS.map((t, i) => ({ ...t, sort: (i + 1) * 10 })))
    .returning({ id: resumeTerms.id, kind: resumeTerms.kind });
  if (!opts.demo) return;
  await seedDemoApplicants(db, createRng(141_2024), opts.now ?? new Date(), {
    provisionIds: provisions.map((p) => p.id),
    terms,
  });
}

async function seedDemoApplicants(
  db: Db,
  rng: Rng,
  now: Date,
  texts: { provisionIds: number[]; terms: { id: number; kind: string }[] },
) {
  const cityIds = (await db.select({ id: cities.id }).from(cities)).map((c) => c.id);
  const today = isoOfDate(now);
  const codes = new Set<string>();
  while (codes.size < 40) codes.add(generateNationalCode(rng));
  const people = [...codes].map((nationalCode) => {
    const male = rng.chance(0.75);
    const firstName = rng.pick(male ? MALE_NAMES : FEMALE_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const degrees = Array.from({ length: rng.int(1, 3) }, () => ({
      level: rng.pick(EDUCATION_LEVELS.slice(2)),
      field: rng.pick(FIELDS_OF_STUDY),
      university: rng.pick(UNIVERSITIES),
      graduationDate: isoDaysBefore(now, rng.int(3 * 365, 30 * 365)),
    }));
    let cursor = rng.int(1, 20) * 30;
    const posts = Array.from({ length: rng.int(0, 6) }, (_, i) => {
      const current = i === 0 && rng.chance(0.5);
      const toDays = current ? 0 : cursor;
      const fromDays = toDays + rng.int(1, 8) * 365;
      cursor = fromDays + rng.int(0, 12) * 30;
      return {
        organization: rng.pick(ORGANIZATIONS),
        post: rng.pick(POSTS),
        fromDate: isoDaysBefore(now, fromDays),
        toDate: current ? null : isoDaysBefore(now, toDays),
        isCurrent: current,
        boardSeat: rng.chance(0.35),
        leavingReason: current
          ? null
          : rng.pick(['پایان دوره مأموریت', 'انتقال به سازمان دیگر', 'ادغام شرکت']),
      };
    });
    const top = [...degrees].sort((a, b) => educationRank(b.level) - educationRank(a.level))[0]!;
    const submittedAt = new Date(now.getTime() - rng.int(1, 90) * DAY - rng.int(0, 86_000) * 1000);
    const status = rng.pick(REVIEW_STATUSES);
    return {
      guest: {
        nationalCode,
        mobile: generateMobile(rng),
        step: 7,
        completedStep: 6,
        submittedAt,
        firstName,
        lastName,
        fatherName: rng.pick(MALE_NAMES),
        birthDate: isoDaysBefore(now, rng.int(28, 65) * 365 + rng.int(0, 364)),
        birthCityId: rng.pick(cityIds),
        gender: male ? 'male' : 'female',
        email: rng.chance(0.6) ? `applicant${rng.digits(4)}@example.com` : null,
        address: `تهران، خیابان ${rng.pick(STREETS)}، پلاک ${rng.int(1, 200)}`,
        reviewStatus: status,
        reviewNote: status === 'rejected' ? 'سابقه مدیریتی کافی ندارد' : null,
        reviewedAt: status === 'received' ? null : new Date(submittedAt.getTime() + rng.int(1, 10) * DAY),
        educationLevel: top.level,
        educationRank: educationRank(top.level),
        educationField: top.field,
        experienceYears: experienceYears(posts, today),
        boardSeats: posts.filter((p) => p.boardSeat).length,
        searchText: `${searchKey(`${firstName} ${lastName}`)} ${nationalCode}`,
        isDemo: true,
        createdAt: submittedAt,
        updatedAt: submittedAt,
      },
      degrees,
      posts,
    };
  });
  const ids = await db
    .insert(guests)
    .values(people.map((p) => p.guest))
    .returning({ id: guests.id });
  await db
    .insert(resumeEducations)
    .values(people.flatMap((p, i) => p.degrees.map((d, sort) => ({ ...d, guestId: ids[i]!.id, sort }))));
  const posts = people.flatMap((p, i) => p.posts.map((x, sort) => ({ ...x, guestId: ids[i]!.id, sort })));
  if (posts.length) await db.insert(resumeExperiences).values(posts);
  await db.insert(resumeProvisionAcceptances).values(
    ids.flatMap((g, i) =>
      texts.provisionIds.map((provisionId) => ({
        guestId: g.id,
        provisionId,
        acceptedAt: people[i]!.guest.submittedAt,
      })),
    ),
  );
  await db.insert(resumeTermAnswers).values(
    ids.flatMap((g) =>
      texts.terms.map((t) => ({
        guestId: g.id,
        termId: t.id,
        answer:
          t.kind === 'yes_no'
            ? rng.chance(0.8)
              ? 'no'
              : 'yes'
            : 'راه‌اندازی سامانه یکپارچه گزارش‌گیری مالی و کاهش هزینه‌های عملیاتی شرکت.',
      })),
    ),
  );
}
