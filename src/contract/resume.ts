import { z } from 'zod';
import { id, int, isoDate, isoTime } from './api-envelope.ts';
import {
  iranMobile,
  jalaliDate,
  nationalCode,
  optionalEmail,
  optionalText,
  persianText,
  pickedId,
  positiveId,
  smsCode,
} from './fields.ts';
import {
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  type EducationLevel,
  GENDER_LABELS,
  GENDERS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  type ReviewStatus,
} from './resume-codes.ts';

/**
 * Resumes of applicants for board and management posts (GLOSSARY: resume), shared by the server
 * (request validation) and the client (the guest forms and the guestResume statechart, the staff
 * screens). Every answer is wrapped `{ data: ... }`; errors `{ message, errors?: { field:
 * [Persian message] }, ...extra }`. Dates travel as ISO `YYYY-MM-DD` in answers; forms send
 * Jalali text (`1365/04/21`) which these schemas turn into ISO. Timestamps ISO 8601 UTC.
 *
 * The applicant is a **guest**: no staff account, identified by national code and a mobile
 * verified by SMS. Guest calls need the guest session (`nazer_guest` cookie); staff calls a staff
 * session whose role holds `resumes` (list, view, review) or `resumes.manage` (the questions
 * and provisions, described in contract/resume-texts.ts). Neither session kind opens the other's calls.
 */

export {
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  type EducationLevel,
  GENDER_LABELS,
  GENDERS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  type ReviewStatus,
};

// ---------------------------------------------------------------------------------------------
// Steps

/**
 * The resume steps, in order; the value is stored as the guest's `step`.
 * 1 personal data, 2 education, 3 work experience, 4 provisions, 5 term-and-condition answers,
 * 6 documents, 7 review and submit.
 */
export const RESUME_STEPS = [1, 2, 3, 4, 5, 6, 7] as const;
export type ResumeStep = (typeof RESUME_STEPS)[number];
/** The steps whose data is saved through `PUT /api/person/resume/steps/{step}` (7 is submit). */
export const SAVED_STEPS = [1, 2, 3, 4, 5, 6] as const;
export type SavedStep = (typeof SAVED_STEPS)[number];

export const RESUME_STEP_TITLES: Record<ResumeStep, string> = {
  1: 'مشخصات فردی',
  2: 'سوابق تحصیلی',
  3: 'سوابق کاری',
  4: 'تعهدنامه',
  5: 'پرسش‌ها و شرایط',
  6: 'مدارک',
  7: 'بازبینی و ارسال',
};

/**
 * The guest record (`data.data.guest` of check-sms-code and of every step call):
 * - `step`: the step the applicant is on (where a returning applicant lands), 1..7;
 * - `completed_step`: the highest step saved valid, 0..6; steps up to `completed_step + 1` can
 *   be opened, later ones cannot;
 * - `submitted_at`: set once by submit; after it nothing can be edited.
 */
export const guest = z
  .object({
    id,
    national_code: z.string(),
    mobile: z.string(),
    step: z.literal(RESUME_STEPS),
    completed_step: int,
    submitted_at: isoTime.nullable(),
  })
  .meta({ id: 'ResumeGuest' });
export type Guest = z.infer<typeof guest>;

// ---------------------------------------------------------------------------------------------
// Guest verification (public)

/**
 * POST /api/person/resume/check (public) — sends a six-digit code by SMS to `mobile`.
 * 200 `{ data: { sent: true, expires_in: 120, resend_in: 60 } }` (seconds).
 * 422 per field: national code check digit, mobile format, or «این کد ملی با شماره همراه دیگری
 * ثبت شده است» when the national code already applied with another mobile.
 * 429 + Retry-After: a send to this mobile within 60 s, more than 5 sends to it in an hour, or
 * the mobile locked after 5 wrong codes (then the body has `locked: true`, `retry_after`).
 */
export const resumeCheckInput = z.object({ national_code: nationalCode, mobile: iranMobile });
export type ResumeCheckInput = z.input<typeof resumeCheckInput>;
export const resumeCheckAnswer = z.object({
  sent: z.literal(true),
  /** Seconds the code stays valid (120). */
  expires_in: int,
  /** Seconds before another code may be asked for (60). */
  resend_in: int,
});
export type ResumeCheckAnswer = z.infer<typeof resumeCheckAnswer>;

/**
 * POST /api/person/resume/check-sms-code?crf_pid=3 (public) — verifies the code and starts the
 * guest session (cookie `nazer_guest`; the staff session, role and authenticated cookies are
 * removed). 200 `{ data: { guest: Guest } }`: a new applicant starts on step 1, a returning one
 * is on the step they left.
 * 422 `errors.code` wrong code (`attempts_left` in the body) or expired/missing code;
 * 429 + Retry-After `locked: true` after the fifth wrong code: the mobile is locked 15 minutes.
 */
export const resumeVerifyInput = z.object({
  national_code: nationalCode,
  mobile: iranMobile,
  code: smsCode,
});
export type ResumeVerifyInput = z.input<typeof resumeVerifyInput>;
export const resumeVerifyAnswer = z.object({ guest });
export type ResumeVerifyAnswer = z.infer<typeof resumeVerifyAnswer>;
/** Only crf_pid=3 is used (the specification's value); the query is checked, not interpreted. */
export const crfQuery = z.looseObject({ crf_pid: z.literal('3').optional() });

// ---------------------------------------------------------------------------------------------
// Step forms (guest): PUT /api/person/resume/steps/{step}

/** Step 1. The photo is uploaded as a document of type `photo`; the step needs one. Age 18..90. */
export const personalStep = z.object({
  first_name: persianText('نام'),
  last_name: persianText('نام خانوادگی'),
  father_name: persianText('نام پدر'),
  birth_date: jalaliDate('تاریخ تولد'),
  birth_city_id: pickedId('شهر محل تولد را انتخاب کنید'),
  gender: z.enum(GENDERS, { error: 'جنسیت را انتخاب کنید' }),
  email: optionalEmail,
  address: persianText('نشانی', 500, 10),
});
export type PersonalStepInput = z.input<typeof personalStep>;

/** One degree. `graduation_date` Jalali in, ISO out; not in the future. */
export const educationItem = z.object({
  level: z.enum(EDUCATION_LEVELS, { error: 'مقطع تحصیلی را انتخاب کنید' }),
  field: persianText('رشته تحصیلی', 150),
  university: persianText('دانشگاه', 150),
  graduation_date: jalaliDate('تاریخ دانش‌آموختگی'),
});
/** Step 2: 1..10 degrees (the whole list is replaced). */
export const educationStep = z.object({
  educations: z
    .array(educationItem)
    .min(1, 'دست‌کم یک مدرک تحصیلی وارد کنید')
    .max(10, 'حداکثر ۱۰ مدرک تحصیلی'),
});
export type EducationStepInput = z.input<typeof educationStep>;

/**
 * One post held. `to_date` is null while `is_current`; otherwise required and not before
 * `from_date`. `leaving_reason` is asked for ended posts.
 */
export const experienceItem = z
  .object({
    organization: persianText('نام سازمان', 200),
    post: persianText('سمت', 150),
    from_date: jalaliDate('تاریخ شروع'),
    to_date: z
      .string()
      .trim()
      .max(20)
      .nullish()
      .transform((v) => v || null)
      .pipe(jalaliDate('تاریخ پایان').nullable()),
    is_current: z.boolean({ error: 'مشخص کنید که این سمت ادامه دارد یا نه' }),
    board_seat: z.boolean({ error: 'مشخص کنید که این سمت عضویت در هیئت مدیره بوده است یا نه' }),
    leaving_reason: optionalText('علت ترک کار', 500),
  })
  .superRefine((v, ctx) => {
    if (!v.is_current && !v.to_date) {
      ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'تاریخ پایان را وارد کنید' });
    }
    if (v.to_date && v.to_date < v.from_date) {
      ctx.addIssue({ code: 'custom', path: ['to_date'], message: 'تاریخ پایان پیش از تاریخ شروع است' });
    }
    if (!v.is_current && !v.leaving_reason) {
      ctx.addIssue({ code: 'custom', path: ['leaving_reason'], message: 'علت ترک کار را بنویسید' });
    }
  });
/** Step 3: 0..30 posts (the whole list is replaced). */
export const experienceStep = z.object({
  experiences: z.array(experienceItem).max(30, 'حداکثر ۳۰ سابقه کاری'),
});
export type ExperienceStepInput = z.input<typeof experienceStep>;

/** Step 4: the ids of the provisions accepted; every active provision must be accepted (server). */
export const provisionsStep = z.object({
  accepted: z.array(positiveId).max(100),
});
export type ProvisionsStepInput = z.input<typeof provisionsStep>;

export const TERM_KINDS = ['yes_no', 'text'] as const;
export type TermKind = (typeof TERM_KINDS)[number];
export const TERM_KIND_LABELS: Record<TermKind, string> = { yes_no: 'بله / خیر', text: 'پاسخ متنی' };

/**
 * Step 5: answers to the active term-and-condition questions. `yes_no` answers are 'yes' | 'no';
 * `text` answers 1..1000 characters. The server checks them against the questions: errors come
 * back under `answers.{term_id}`.
 */
export const termsStep = z.object({
  answers: z
    .array(
      z.object({
        term_id: positiveId,
        answer: optionalText('پاسخ', 1000),
      }),
    )
    .max(100),
});
export type TermsStepInput = z.input<typeof termsStep>;

/** Step 6: nothing to send; the server checks the uploaded documents (one `national_card`, one or more `degree`). */
export const documentsStep = z.object({});

/** The schema of each saved step, by step number. */
export const STEP_SCHEMAS = {
  1: personalStep,
  2: educationStep,
  3: experienceStep,
  4: provisionsStep,
  5: termsStep,
  6: documentsStep,
} as const;

/** PUT /api/person/resume/steps/{step}: path parameter. */
export const stepParams = z.object({
  step: z.coerce
    .number({ error: 'مرحله نامعتبر است' })
    .int('مرحله نامعتبر است')
    .min(1, 'مرحله نامعتبر است')
    .max(6, 'مرحله نامعتبر است'),
});

/**
 * POST /api/person/resume/go-step (guest) — moves the applicant to `step` (back any time; forward
 * only up to `completed_step + 1`). 200 `{ data: { guest } }`; 422 «ابتدا مراحل پیشین را کامل
 * کنید»; 409 after submit.
 */
export const goStepInput = z.object({
  step: z.coerce
    .number({ error: 'مرحله نامعتبر است' })
    .int('مرحله نامعتبر است')
    .min(1, 'مرحله نامعتبر است')
    .max(7, 'مرحله نامعتبر است'),
});

// ---------------------------------------------------------------------------------------------
// Documents

export const DOCUMENT_TYPES = ['photo', 'national_card', 'degree', 'other'] as const;
export type ResumeDocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<ResumeDocumentType, string> = {
  photo: 'عکس',
  national_card: 'کارت ملی',
  degree: 'مدرک تحصیلی',
  other: 'سایر مدارک',
};
/** Allowed content (checked by the file's bytes, not its name) and size per type. */
export const DOCUMENT_LIMITS: Record<ResumeDocumentType, { mimes: string[]; maxBytes: number }> = {
  photo: { mimes: ['image/jpeg', 'image/png'], maxBytes: 1024 * 1024 },
  national_card: { mimes: ['image/jpeg', 'image/png', 'application/pdf'], maxBytes: 2 * 1024 * 1024 },
  degree: { mimes: ['image/jpeg', 'image/png', 'application/pdf'], maxBytes: 2 * 1024 * 1024 },
  other: { mimes: ['image/jpeg', 'image/png', 'application/pdf'], maxBytes: 2 * 1024 * 1024 },
};
/** At most this many documents per applicant, photo included. */
export const MAX_RESUME_DOCUMENTS = 12;

/**
 * POST /api/person/resume/documents (guest, multipart: `type`, `file`) → `{ data: ResumeDocument }`.
 * 422 on type, content or size (Persian message under `file` or `type`); 409 after submit. A new
 * `photo` replaces the previous one. DELETE /api/person/resume/documents/{id} (guest) removes one.
 * GET /api/person/resume/documents/{id} (guest, own) and
 * GET /api/person/resume/view/{ncode}/documents/{id} (staff, `resumes`) send the file.
 */
export const documentTypeInput = z.object({
  type: z.enum(DOCUMENT_TYPES, { error: 'نوع مدرک را انتخاب کنید' }),
});
export const resumeDocument = z
  .object({
    id,
    type: z.enum(DOCUMENT_TYPES),
    file_name: z.string(),
    mime: z.string(),
    size: int,
    /** SHA-256 of the content (hex): the file's name in the store. */
    sha256: z.string(),
    created_at: isoTime,
  })
  .meta({ id: 'ResumeDocument' });
export type ResumeDocument = z.infer<typeof resumeDocument>;
/** The content types a resume document's file may have (every type's allowed ones). */
export const RESUME_DOCUMENT_MIMES = [...new Set(Object.values(DOCUMENT_LIMITS).flatMap((l) => l.mimes))];

// ---------------------------------------------------------------------------------------------
// The whole resume

/**
 * GET /api/cities?q=&province_id= (public: the birth-city picker) → `{ data: CityOption[] }`,
 * at most 30; `q` matched normalised (ی/ک variants, spaces), names starting with it first.
 */
export const cityOption = z.object({ id, name: z.string(), province: z.string() });
export type CityOption = z.infer<typeof cityOption>;

export const personalData = z.object({
  first_name: z.string(),
  last_name: z.string(),
  father_name: z.string(),
  birth_date: isoDate,
  birth_city: cityOption,
  gender: z.enum(GENDERS),
  email: z.string().nullable(),
  address: z.string(),
});
export type PersonalData = z.infer<typeof personalData>;
export const education = z.object({
  id,
  level: z.enum(EDUCATION_LEVELS),
  field: z.string(),
  university: z.string(),
  graduation_date: isoDate,
});
export type Education = z.infer<typeof education>;
export const experience = z.object({
  id,
  organization: z.string(),
  post: z.string(),
  from_date: isoDate,
  to_date: isoDate.nullable(),
  is_current: z.boolean(),
  board_seat: z.boolean(),
  leaving_reason: z.string().nullable(),
});
export type Experience = z.infer<typeof experience>;
export const provisionItem = z.object({ id, title: z.string(), body: z.string(), accepted: z.boolean() });
export type ProvisionItem = z.infer<typeof provisionItem>;
export const termItem = z.object({
  id,
  question: z.string(),
  kind: z.enum(TERM_KINDS),
  required: z.boolean(),
  answer: z.string().nullable(),
});
export type TermItem = z.infer<typeof termItem>;

export const resumeReview = z.object({
  status: z.enum(REVIEW_STATUSES),
  note: z.string().nullable(),
  reviewed_at: isoTime.nullable(),
  reviewed_by: z.string().nullable(),
});
export type ResumeReview = z.infer<typeof resumeReview>;

/**
 * GET /api/person/resume (guest: own) and GET /api/person/resume/view/{ncode} (staff,
 * `resumes`; 404 «رزومه‌ای با این کد ملی یافت نشد»; only submitted resumes) →
 * `{ data: ResumeDetail }`. `provisions` and `terms` list the active ones (for a submitted resume,
 * also the ones it answered), each with this applicant's acceptance or answer. `review` is null
 * for the guest.
 */
export const resumeDetailAnswer = z.object({
  guest,
  personal: personalData.nullable(),
  photo: resumeDocument.nullable(),
  educations: z.array(education),
  experiences: z.array(experience),
  provisions: z.array(provisionItem),
  terms: z.array(termItem),
  documents: z.array(resumeDocument),
  review: resumeReview.nullable(),
});
export type ResumeDetail = z.infer<typeof resumeDetailAnswer>;

/**
 * PUT /api/person/resume/steps/{step} (guest) → `{ data: { guest } }`: saves the step (replacing
 * its earlier data, in one transaction), sets `completed_step` to at least `step` and moves
 * `step` on to the next one. 422 per field with nothing saved; 422 «ابتدا مراحل پیشین را کامل
 * کنید» for a step beyond `completed_step + 1`; 409 «رزومه ارسال شده است و دیگر ویرایش نمی‌شود»
 * after submit.
 * POST /api/person/resume/submit (guest) → `{ data: { guest } }`; 422 naming the incomplete
 * steps (`errors.step`, their numbers in `incomplete_steps`); 409 when already submitted.
 */
export const stepAnswer = resumeVerifyAnswer;
export type StepAnswer = ResumeVerifyAnswer;

// ---------------------------------------------------------------------------------------------
// Staff

/**
 * GET /api/person/resume/list (`resumes`): `ListPage<ResumeRow>` of submitted resumes (the shared
 * list query of contract/list.ts). sortBy submitted_at (default, descending) | last_name |
 * experience_years | board_seats | education_rank. Filters: national_code, education_level
 * (highest degree), field (contains), experience_years, board_seats (int ranges: gte/lte),
 * submitted_at (timestamp range), review_status, gender, is_demo. `q` matches name and national
 * code.
 */
export const resumeRow = z.object({
  id,
  national_code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile: z.string(),
  gender: z.enum(GENDERS),
  /** Highest degree and its field. */
  education_level: z.enum(EDUCATION_LEVELS).nullable(),
  field: z.string().nullable(),
  /** Years of experience (sum of the posts' spans, one decimal). */
  experience_years: z.number(),
  /** Posts that were board seats. */
  board_seats: int,
  submitted_at: isoTime,
  review_status: z.enum(REVIEW_STATUSES),
  review_note: z.string().nullable(),
  is_demo: z.boolean(),
});
export type ResumeRow = z.infer<typeof resumeRow>;

/**
 * POST /api/person/resume/review (`resumes`) — sets the review status (and note) of 1..500
 * submitted resumes in one transaction, one audit row per resume with before and after.
 * → `{ data: { updated: number } }`; 422 when an id is not a submitted resume (nothing changed).
 */
export const reviewInput = z.object({
  ids: z.array(positiveId).min(1, 'دست‌کم یک رزومه را برگزینید').max(500, 'حداکثر ۵۰۰ رزومه در هر بار'),
  status: z.enum(REVIEW_STATUSES, { error: 'وضعیت بررسی را انتخاب کنید' }),
  note: optionalText('یادداشت', 1000),
});
export type ReviewInput = z.input<typeof reviewInput>;
/** The answer of POST /api/person/resume/review: how many resumes were set. */
export const reviewAnswer = z.object({ updated: int });

/** Path parameter of the staff view calls. */
export const ncodeParams = z.object({ ncode: nationalCode });
