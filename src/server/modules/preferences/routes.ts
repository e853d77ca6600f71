import { and, eq, sql } from 'drizzle-orm';
import {
  type PreferenceAnswer,
  preferenceAnswer,
  preferenceKeyParams,
  tablePreferences,
} from '../../../contract/preferences.ts';
import { userPreferences } from '../../db/schema/index.ts';
import { defineRoute, type SessionInfo } from '../../http/route.ts';

/**
 * The signed-in user's own preferences (contract/preferences.ts): a list's hidden columns and
 * column widths. Permission `user`: every staff user, role chosen or not, and only their own
 * rows (the user id comes from the session, never from the request). Not audited: they change
 * how one person sees a list, not the organisation's data.
 */

const userId = (session: SessionInfo | null) => session!.user!.id;

export const preferenceRoutes = [
  /** GET /api/user/preferences/:key (user) — `{ key, value }`; value null when never saved; 422 on a bad key. */
  defineRoute({
    method: 'get',
    path: '/api/user/preferences/:key',
    permission: 'user',
    summary: "The signed-in user's preference under a key",
    tags: ['account'],
    params: preferenceKeyParams,
    response: preferenceAnswer,
    async handler({ db, params, session }): Promise<PreferenceAnswer> {
      const [row] = await db
        .select({ value: userPreferences.value })
        .from(userPreferences)
        .where(and(eq(userPreferences.userId, userId(session)), eq(userPreferences.key, params.key)));
      const parsed = row ? tablePreferences.safeParse(row.value) : null;
      return { key: params.key, value: parsed?.success ? parsed.data : null };
    },
  }),
  /**
   * PUT /api/user/preferences/:key (user) — body `TablePreferences` (hidden column ids, widths in
   * px 48..800) → `{ key, value }`. 422 per field (e.g. `widths.name`) on a bad width or key.
   */
  defineRoute({
    method: 'put',
    path: '/api/user/preferences/:key',
    permission: 'user',
    summary: "Save the signed-in user's preference under a key",
    tags: ['account'],
    params: preferenceKeyParams,
    response: preferenceAnswer,
    body: tablePreferences,
    async handler({ db, deps, params, body, session }): Promise<PreferenceAnswer> {
      const now = deps.now();
      await db
        .insert(userPreferences)
        .values({ userId: userId(session), key: params.key, value: body, updatedAt: now })
        .onConflictDoUpdate({
          target: [userPreferences.userId, userPreferences.key],
          set: { value: sql`excluded.value`, updatedAt: now },
        });
      return { key: params.key, value: body };
    },
  }),
  /** DELETE /api/user/preferences/:key (user) — forgets it: `{ key, value: null }` (the list's defaults again). */
  defineRoute({
    method: 'delete',
    path: '/api/user/preferences/:key',
    permission: 'user',
    summary: "Forget the signed-in user's preference under a key",
    tags: ['account'],
    params: preferenceKeyParams,
    response: preferenceAnswer,
    async handler({ db, params, session }): Promise<PreferenceAnswer> {
      await db
        .delete(userPreferences)
        .where(and(eq(userPreferences.userId, userId(session)), eq(userPreferences.key, params.key)));
      return { key: params.key, value: null };
    },
  }),
];
