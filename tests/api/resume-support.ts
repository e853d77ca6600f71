import { asc } from 'drizzle-orm';
import { generateNationalCode } from '../../src/domain/identifiers.ts';
import { createRng } from '../../src/domain/random.ts';
import { cities } from '../../src/server/db/schema/index.ts';
import type { ApiClient } from '../support/api-client.ts';
import { lastCode, type TestApp } from '../support/auth.ts';

/** Helpers shared by the resume API tests (guest and staff). */

const rng = createRng(4_004);
/** A fresh valid national code (different on every call within a run). */
export const newNationalCode = () => generateNationalCode(rng);

export const JPEG = () =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, ...new Array(200).fill(7)]);
export const PNG = () =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(3)]);
export const PDF = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

/** Sends a check and verifies with the code from the SMS log; returns the answer of check-sms-code. */
export async function verifyGuest(t: TestApp, c: ApiClient, nationalCode: string, mobile: string) {
  const sent = await c.post('/api/person/resume/check', { json: { national_code: nationalCode, mobile } });
  if (sent.status !== 200) throw new Error(`check: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = await lastCode(t, mobile);
  const res = await c.post('/api/person/resume/check-sms-code?crf_pid=3', {
    json: { national_code: nationalCode, mobile, code },
  });
  if (res.status !== 200) throw new Error(`verify: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.guest as {
    id: number;
    step: number;
    completed_step: number;
    submitted_at: string | null;
  };
}

/** Uploads `bytes` as a document of `type` named `name` (multipart). */
export async function upload(c: ApiClient, type: string, bytes: Uint8Array, name = 'file.jpg') {
  const form = new FormData();
  form.set('type', type);
  form.set('file', new File([bytes as BlobPart], name));
  const req = new Request('http://local/', { method: 'POST', body: form });
  return c.post('/api/person/resume/documents', {
    raw: await req.arrayBuffer(),
    contentType: req.headers.get('content-type')!,
  });
}

export const put = (c: ApiClient, step: number, json: unknown) =>
  c.request('PUT', `/api/person/resume/steps/${step}`, { json });

/** A valid body for each saved step (step 4 and 5 are built from the guest's own resume). */
export async function stepBodies(t: TestApp, c: ApiClient) {
  const [city] = await t.db.select({ id: cities.id }).from(cities).orderBy(asc(cities.id)).limit(1);
  const own = (await c.get('/api/person/resume')).body.data;
  return {
    1: {
      first_name: 'علي',
      last_name: 'رضایی',
      father_name: 'حسن',
      birth_date: '۱۳۶۰/۰۱/۱۵',
      birth_city_id: city!.id,
      gender: 'male',
      email: '',
      address: 'تهران، خیابان ولیعصر، پلاک ۱۲',
    },
    2: {
      educations: [
        { level: 'bachelor', field: 'حسابداری', university: 'دانشگاه تهران', graduation_date: '1383/06/31' },
        {
          level: 'master',
          field: 'مدیریت مالی',
          university: 'دانشگاه شهید بهشتی',
          graduation_date: '1386/06/31',
        },
      ],
    },
    3: {
      experiences: [
        {
          organization: 'بانک ملت',
          post: 'مدیر مالی',
          from_date: '1388/01/01',
          to_date: '1398/01/01',
          is_current: false,
          board_seat: true,
          leaving_reason: 'پایان دوره مأموریت',
        },
        {
          organization: 'شرکت توانیر',
          post: 'عضو هیئت مدیره',
          from_date: '1398/02/01',
          to_date: null,
          is_current: true,
          board_seat: true,
        },
      ],
    },
    4: { accepted: (own.provisions as { id: number }[]).map((p) => p.id) },
    5: {
      answers: (own.terms as { id: number; kind: string }[]).map((x) => ({
        term_id: x.id,
        answer: x.kind === 'yes_no' ? 'no' : 'مدیریت طرح‌های سرمایه‌گذاری',
      })),
    },
    6: {},
  } as Record<number, unknown>;
}

/** Takes a verified guest client through every step and submit; returns the submit answer. */
export async function completeResume(t: TestApp, c: ApiClient) {
  const bodies = await stepBodies(t, c);
  for (const [type, bytes] of [
    ['photo', JPEG()],
    ['national_card', PDF()],
    ['degree', PNG()],
  ] as const) {
    const res = await upload(c, type, bytes);
    if (res.status !== 200) throw new Error(`upload ${type}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  for (let step = 1; step <= 6; step++) {
    const res = await put(c, step, bodies[step]);
    if (res.status !== 200) throw new Error(`step ${step}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return c.post('/api/person/resume/submit');
}
