import { z } from 'zod';
import { id } from './api-envelope.ts';

/** GET /api/health: the server and its database answer. */
export const healthAnswer = z.object({ status: z.literal('ok'), engine: z.enum(['pglite', 'postgres']) });

/** GET /api/industries: one TSETMC industry group (`code` the 2-digit sector code). */
export const industry = z.object({ id, code: z.string(), name: z.string() });
