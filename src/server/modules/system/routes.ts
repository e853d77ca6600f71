import { sql } from 'drizzle-orm';
import { healthAnswer } from '../../../contract/api-system.ts';
import { defineRoute } from '../../http/route.ts';

/** GET /api/health — `{ status: 'ok', engine }`; public; checks the database answers. */
export const systemRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/health',
    permission: 'public',
    summary: 'Liveness: the server and its database answer',
    tags: ['system'],
    response: healthAnswer,
    async handler({ db, deps }) {
      await db.execute(sql`select 1`);
      return { status: 'ok', engine: deps.database.engine };
    },
  }),
];
