import { z } from 'zod';

/**
 * Per-user preferences, kept on the server so they follow the user to any browser. Today: each
 * list's columns (`table:<list id>`, e.g. `table:legal-persons`).
 *
 * Calls (permission `user`: any signed-in staff user, for their own preferences only):
 * - GET    /api/user/preferences/:key → `{ key, value }`, `value` null when never saved;
 * - PUT    /api/user/preferences/:key  `TablePreferences` → `{ key, value }`; 422 per field;
 * - DELETE /api/user/preferences/:key → `{ key, value: null }` (back to the list's defaults).
 */

/** A list's preference key: `table:` and the list's id (lower-case letters, digits, dashes). */
export const preferenceKeyParams = z.object({
  key: z.string().regex(/^table:[a-z0-9-]{1,64}$/, 'کلید تنظیمات معتبر نیست'),
});

/** Column widths a user may set (px). */
export const COLUMN_WIDTH = { min: 48, max: 800 } as const;

const columnId = z.string().min(1).max(64);

/**
 * A list's columns as the user left them: the ids of hidden columns and the width (px) of each
 * column they resized. Unknown column ids are kept (a column a later version removed is ignored).
 */
export const tablePreferences = z.object({
  hidden: z.array(columnId).max(60, 'تعداد ستون‌ها بیش از حد است').default([]),
  widths: z
    .record(
      columnId,
      z
        .number({ error: 'عرض ستون باید عدد باشد' })
        .int('عرض ستون باید عدد صحیح باشد')
        .min(COLUMN_WIDTH.min, `عرض ستون دست‌کم ${COLUMN_WIDTH.min} پیکسل است`)
        .max(COLUMN_WIDTH.max, `عرض ستون حداکثر ${COLUMN_WIDTH.max} پیکسل است`),
    )
    .default({}),
});
export type TablePreferences = z.output<typeof tablePreferences>;

/** What the preference calls answer: the key and its value (null when never saved or forgotten). */
export const preferenceAnswer = z.object({ key: z.string(), value: tablePreferences.nullable() });
export interface PreferenceAnswer<V = TablePreferences> {
  key: string;
  value: V | null;
}
