import {
  DOCUMENT_TYPES,
  type Guest,
  type ResumeDetail,
  type ResumeDocument,
  type ResumeDocumentType,
  resumeCheckInput,
  resumeVerifyInput,
  STEP_SCHEMAS,
} from '../../contract/resume.ts';
import { ApiError, type ApiErrorBody } from '../../lib/http.ts';
import { createFakeApi, type FakeRouteDef, fail, healthRoute, logoutRoute } from './fake-api.ts';
import type { MemoryStore } from './memory-store.ts';

/**
 * An in-memory stand-in for the guest resume calls of src/contract/resume.ts, for the
 * guestResume model tests: check (sends a code), check-sms-code (starts the guest session),
 * the resume, the step saves (validated with the contract's schemas plus the server's own
 * checks: a photo for step 1, every provision accepted, required answers, the documents),
 * go-step, submit, documents, logout. One pretend browser, one guest session; guests are kept
 * across sessions by national code. Failures are switchable per route (fake-api.ts).
 */

export type FakeGuestRoute =
  | 'health'
  | 'resume'
  | 'check'
  | 'verify'
  | 'step'
  | 'goStep'
  | 'submit'
  | 'upload'
  | 'removeDoc'
  | 'logout';

export const GUEST_CODE_FAILURE = 'کد واردشده درست نیست';
export const PREVIOUS_STEPS = 'ابتدا مراحل پیشین را کامل کنید';
export const FAKE_PROVISIONS = [
  { id: 1, title: 'تعهد صحت اطلاعات', body: 'درستی همه اطلاعات واردشده را تعهد می‌کنم.' },
  { id: 2, title: 'تعهد عدم تعارض منافع', body: 'هیچ تعارض منافعی با این سمت ندارم.' },
];
export const FAKE_TERMS = [
  { id: 1, question: 'آیا سابقه محکومیت کیفری دارید؟', kind: 'yes_no' as const, required: true },
  { id: 2, question: 'انگیزه خود را بنویسید.', kind: 'text' as const, required: false },
];

interface GuestRecord extends Guest {
  resume: Omit<ResumeDetail, 'guest' | 'review'>;
}

const invalid = (errors: Record<string, string[]>): never => {
  throw new ApiError(422, Object.values(errors)[0]?.[0] ?? 'اطلاعات نامعتبر است', {
    message: 'اطلاعات واردشده معتبر نیست',
    errors,
  });
};

export function createFakeGuestServer(store: MemoryStore) {
  const guests = new Map<string, GuestRecord>();
  let session: string | null = null;
  let code: { mobile: string; national_code: string; code: string; wrong: number } | null = null;
  let seq = 0;
  /** The `resend_in` (seconds) that check answers. */
  let resendIn = 60;

  const me = (): GuestRecord => {
    const g = session ? guests.get(session) : undefined;
    if (!g) fail(401, { message: 'نشست شما پایان یافته است؛ دوباره شماره همراه را تأیید کنید' });
    return g!;
  };
  const guestOf = (g: GuestRecord): Guest => {
    const { resume: _r, ...rest } = g;
    return rest;
  };
  const detail = (g: GuestRecord): ResumeDetail => ({ guest: guestOf(g), ...g.resume, review: null });
  const editable = (g: GuestRecord) => {
    if (g.submitted_at) fail(409, { message: 'رزومه ارسال شده است و دیگر ویرایش نمی‌شود' });
  };
  const zodErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
    const errors: Record<string, string[]> = {};
    for (const i of issues) {
      const key = i.path.join('.') || '_';
      errors[key] = [...(errors[key] ?? []), i.message];
    }
    return errors;
  };

  const saveStep = (g: GuestRecord, step: number, body: Record<string, unknown>) => {
    editable(g);
    if (step > g.completed_step + 1) invalid({ step: [PREVIOUS_STEPS] });
    const schema = STEP_SCHEMAS[step as 1];
    const parsed = (schema as (typeof STEP_SCHEMAS)[1]).safeParse(body);
    if (!parsed.success) invalid(zodErrors(parsed.error.issues));
    const r = g.resume;
    const v = parsed.data as never as Record<string, unknown>;
    if (step === 1) {
      if (!r.photo) invalid({ photo: ['عکس خود را بارگذاری کنید'] });
      const p = v as { birth_city_id: number } & Record<string, string>;
      r.personal = {
        ...(p as object),
        birth_city: { id: p.birth_city_id, name: 'تهران', province: 'تهران' },
      } as never;
    } else if (step === 2) {
      r.educations = (v.educations as never[]).map((e: object, i) => ({ id: i + 1, ...e }) as never);
    } else if (step === 3) {
      r.experiences = (v.experiences as never[]).map((e: object, i) => ({ id: i + 1, ...e }) as never);
    } else if (step === 4) {
      const accepted = v.accepted as number[];
      const missing = r.provisions.filter((p) => !accepted.includes(p.id));
      if (missing.length) invalid({ accepted: ['همه بندهای تعهدنامه را بپذیرید'] });
      for (const p of r.provisions) p.accepted = true;
    } else if (step === 5) {
      const answers = v.answers as { term_id: number; answer: string | null }[];
      const errors: Record<string, string[]> = {};
      for (const t of r.terms) {
        const a = answers.find((x) => x.term_id === t.id)?.answer ?? null;
        if (t.required && !a) errors[`answers.${t.id}`] = ['به این پرسش پاسخ دهید'];
        if (a && t.kind === 'yes_no' && a !== 'yes' && a !== 'no') errors[`answers.${t.id}`] = ['بله یا خیر'];
      }
      if (Object.keys(errors).length) invalid(errors);
      for (const t of r.terms) t.answer = answers.find((x) => x.term_id === t.id)?.answer ?? null;
    } else if (step === 6) {
      const has = (t: ResumeDocumentType) => r.documents.some((d) => d.type === t);
      const errors: Record<string, string[]> = {};
      if (!has('national_card')) errors.national_card = ['تصویر کارت ملی را بارگذاری کنید'];
      if (!has('degree')) errors.degree = ['دست‌کم یک مدرک تحصیلی بارگذاری کنید'];
      if (Object.keys(errors).length) invalid(errors);
    }
    g.completed_step = Math.max(g.completed_step, step);
    g.step = (step + 1) as Guest['step'];
    return { guest: guestOf(g) };
  };

  const routes: FakeRouteDef<FakeGuestRoute>[] = [
    healthRoute('health'),
    { route: 'resume', method: 'GET', path: /^\/api\/person\/resume$/, run: () => detail(me()) },
    {
      route: 'check',
      method: 'POST',
      path: /^\/api\/person\/resume\/check$/,
      run: (_, opts) => {
        const parsed = resumeCheckInput.safeParse(opts.body);
        if (!parsed.success) invalid(zodErrors(parsed.error.issues));
        const { national_code, mobile } = parsed.data!;
        const known = guests.get(national_code);
        if (known && known.mobile !== mobile)
          invalid({ national_code: ['این کد ملی با شماره همراه دیگری ثبت شده است'] });
        code = { national_code, mobile, code: String(200000 + ++seq), wrong: 0 };
        return { sent: true, expires_in: 120, resend_in: resendIn };
      },
    },
    {
      route: 'verify',
      method: 'POST',
      path: /^\/api\/person\/resume\/check-sms-code$/,
      run: (_, opts) => {
        if (opts.query?.crf_pid !== 3 && opts.query?.crf_pid !== '3') fail(400, { message: 'crf_pid' });
        const parsed = resumeVerifyInput.safeParse(opts.body);
        if (!parsed.success) invalid(zodErrors(parsed.error.issues));
        const v = parsed.data!;
        if (
          !code ||
          code.mobile !== v.mobile ||
          code.national_code !== v.national_code ||
          code.code !== v.code
        ) {
          if (code) code.wrong += 1;
          if (code && code.wrong >= 5)
            fail(429, { message: 'همراه قفل شد', locked: true, retry_after: 900, retryAfter: 900 });
          throw new ApiError(422, GUEST_CODE_FAILURE, {
            message: GUEST_CODE_FAILURE,
            errors: { code: [GUEST_CODE_FAILURE] },
            attempts_left: 5 - (code?.wrong ?? 0),
          } as ApiErrorBody);
        }
        code = null;
        let g = guests.get(v.national_code);
        if (!g) {
          g = {
            id: guests.size + 1,
            national_code: v.national_code,
            mobile: v.mobile,
            step: 1,
            completed_step: 0,
            submitted_at: null,
            resume: {
              personal: null,
              photo: null,
              educations: [],
              experiences: [],
              provisions: FAKE_PROVISIONS.map((p) => ({ ...p, accepted: false })),
              terms: FAKE_TERMS.map((t) => ({ ...t, answer: null })),
              documents: [],
            },
          };
          guests.set(v.national_code, g);
        }
        session = v.national_code;
        return { guest: guestOf(g) };
      },
    },
    {
      route: 'step',
      method: 'PUT',
      path: /^\/api\/person\/resume\/steps\/(\d+)$/,
      run: (m, opts) => saveStep(me(), Number(m[1]), (opts.body ?? {}) as Record<string, unknown>),
    },
    {
      route: 'goStep',
      method: 'POST',
      path: /^\/api\/person\/resume\/go-step$/,
      run: (_, opts) => {
        const g = me();
        editable(g);
        const step = Number((opts.body as { step: number }).step);
        if (!(step >= 1 && step <= 7)) invalid({ step: ['مرحله نامعتبر است'] });
        if (step > g.completed_step + 1) invalid({ step: [PREVIOUS_STEPS] });
        g.step = step as Guest['step'];
        return { guest: guestOf(g) };
      },
    },
    {
      route: 'submit',
      method: 'POST',
      path: /^\/api\/person\/resume\/submit$/,
      run: () => {
        const g = me();
        if (g.submitted_at) fail(409, { message: 'رزومه پیش‌تر ارسال شده است' });
        if (g.completed_step < 6) invalid({ step: [`مراحل ${g.completed_step + 1} تا ۶ کامل نیست`] });
        g.submitted_at = new Date().toISOString();
        return { guest: guestOf(g) };
      },
    },
    {
      route: 'upload',
      method: 'POST',
      path: /^\/api\/person\/resume\/documents$/,
      run: (_, opts) => {
        const g = me();
        editable(g);
        const form = opts.body as FormData;
        const type = form.get('type') as ResumeDocumentType;
        const file = form.get('file') as File;
        if (!DOCUMENT_TYPES.includes(type)) invalid({ type: ['نوع مدرک را انتخاب کنید'] });
        const doc: ResumeDocument = {
          id: ++seq,
          type,
          file_name: file.name,
          mime: file.type || 'application/octet-stream',
          size: file.size,
          sha256: 'f'.repeat(64),
          created_at: new Date().toISOString(),
        };
        if (type === 'photo') g.resume.photo = doc;
        else g.resume.documents.push(doc);
        return doc;
      },
    },
    {
      route: 'removeDoc',
      method: 'DELETE',
      path: /^\/api\/person\/resume\/documents\/(\d+)$/,
      run: (m) => {
        const g = me();
        editable(g);
        g.resume.documents = g.resume.documents.filter((d) => d.id !== Number(m[1]));
        return { deleted: true };
      },
    },
    logoutRoute('logout', () => {
      session = null;
    }),
  ];
  const { api, calls, failNext } = createFakeApi(store, routes, (opts) => {
    if (!opts.handles401 || !opts.quiet) fail(500, { message: 'guest calls must be quiet and handle 401' });
  });

  return {
    api,
    calls,
    guests,
    /** The next call to `route` fails with `status` (once). */
    failNext,
    /** The server forgets the guest session (it expired). */
    expireSession() {
      session = null;
    },
    /** Starts a guest session for `national_code` as if verified in an earlier visit. */
    signIn(national_code: string) {
      session = national_code;
    },
    get session() {
      return session;
    },
    /** The wait before "send again" that the next check answers (`resend_in`, seconds; 60). */
    set resendIn(seconds: number) {
      resendIn = seconds;
    },
    get resendIn() {
      return resendIn;
    },
    get lastCode() {
      return code?.code ?? null;
    },
    guest(national_code: string) {
      return guests.get(national_code);
    },
  };
}

export type FakeGuestServer = ReturnType<typeof createFakeGuestServer>;
