import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Settings, setting, settingsAnswer } from '../../../contract/auth.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';

/** The settings anyone may read, with the defaults used when a row is missing (§9 colours). */
export const PUBLIC_DEFAULTS: Settings = {
  app_name: 'ناظر',
  short_name: 'ناظر',
  logo: '/favicon.svg',
  first_color: '#5d4037',
  second_color: '#424242',
  fourth_color: '#ffaa2f',
};

/** Checks and normalises a value for `key`: colours #rrggbb (lower case), names 1..100, logo a path or http(s) URL. */
export function settingValue(key: string, raw: string): string {
  const value = raw.trim();
  const fail = (m: string) => invalid({ value: [m] });
  if (key.endsWith('_color')) {
    if (!/^#[0-9a-fA-F]{6}$/.test(value)) throw fail('رنگ را به شکل #rrggbb وارد کنید؛ مانند #5d4037');
    return value.toLowerCase();
  }
  if (key === 'app_name' || key === 'short_name') {
    if (value.length < 1 || value.length > 100) throw fail('نام را وارد کنید (حداکثر ۱۰۰ نویسه)');
    return value;
  }
  if (key === 'logo') {
    if (!/^(\/[^\s]*|https?:\/\/[^\s]+)$/.test(value) || value.length > 500) {
      throw fail('نشانی نشان را به شکل مسیری که با / آغاز می‌شود یا نشانی http(s) وارد کنید');
    }
    return value;
  }
  if (value.length > 2000) throw fail('مقدار بیش از ۲۰۰۰ نویسه نباشد');
  return value;
}

async function publicSettings(db: Db): Promise<Settings> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings);
  const out = { ...PUBLIC_DEFAULTS };
  for (const r of rows) if (r.key in out && r.value) out[r.key as keyof Settings] = r.value;
  return out;
}

const settingRow = {
  id: settings.id,
  key: settings.key,
  value: settings.value,
  title: settings.title,
};

/** GET /api/settings — public: `{ app_name, short_name, logo, first_color, second_color, fourth_color }`. */
const getSettings = defineRoute({
  method: 'get',
  path: '/api/settings',
  permission: 'public',
  summary: 'Application name, logo and theme colours',
  tags: ['settings'],
  response: settingsAnswer,
  handler: ({ db }) => publicSettings(db),
});

/** GET /api/settings-list — every setting row `{ id, key, value, title }`, by id. */
const listSettings = defineRoute({
  method: 'get',
  path: '/api/settings-list',
  permission: 'management.settings',
  summary: 'All settings rows',
  tags: ['settings'],
  response: z.array(setting),
  handler: ({ db }) => db.select(settingRow).from(settings).orderBy(asc(settings.id)),
});

const KEY_TAKEN = 'این کلید پیش‌تر ثبت شده است؛ آن را ویرایش کنید';

const title = z.string().trim().max(200, 'عنوان بیش از ۲۰۰ نویسه نباشد');

/**
 * POST /api/update-settings/:id — `{ value, title? }` → the updated row. 404 unknown id; 422 on
 * `value` (colour not #rrggbb, empty name, bad logo path). Audited.
 */
const updateSetting = defineMutation({
  method: 'post',
  path: '/api/update-settings/:id{[0-9]+}',
  permission: 'management.settings',
  summary: 'Change one setting',
  tags: ['settings'],
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  body: z.object({ value: z.string().max(2000, 'مقدار بیش از ۲۰۰۰ نویسه نباشد'), title: title.optional() }),
  response: setting,
  audit: { entity: 'setting', action: 'settings.update' },
  async handler({ db, params, body }) {
    const [before] = await db.select(settingRow).from(settings).where(eq(settings.id, params.id));
    if (!before) throw notFound('این تنظیم یافت نشد');
    const value = settingValue(before.key, body.value);
    const [after] = await db
      .update(settings)
      .set({ value, ...(body.title !== undefined ? { title: body.title } : {}) })
      .where(eq(settings.id, params.id))
      .returning(settingRow);
    return { id: params.id, before, after, result: after };
  },
});

/**
 * POST /api/add-settings/ — `{ key, value, title }` → the new row. `key`: lower-case Latin,
 * digits and `_`; 422 when it exists already or the value fails its key's rule. Audited.
 */
const addSetting = defineMutation({
  method: 'post',
  path: '/api/add-settings',
  alsoAt: '/api/add-settings/',
  permission: 'management.settings',
  summary: 'Add a setting',
  tags: ['settings'],
  body: z.object({
    key: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]{1,63}$/, 'کلید را با حروف کوچک لاتین، رقم و _ بنویسید (۲ تا ۶۴ نویسه)'),
    value: z.string().max(2000, 'مقدار بیش از ۲۰۰۰ نویسه نباشد'),
    title: title.default(''),
  }),
  response: setting,
  audit: { entity: 'setting', action: 'settings.add' },
  onUnique: () => invalid({ key: [KEY_TAKEN] }),
  async handler({ db, body }) {
    const value = settingValue(body.key, body.value);
    const [exists] = await db.select({ id: settings.id }).from(settings).where(eq(settings.key, body.key));
    if (exists) throw invalid({ key: [KEY_TAKEN] });
    const [row] = await db
      .insert(settings)
      .values({ key: body.key, value, title: body.title })
      .returning(settingRow);
    return { id: row!.id, after: row, result: row };
  },
});

export const settingsRoutes = [getSettings, listSettings, updateSetting, addSetting];
