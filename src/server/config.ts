import { z } from 'zod';

/** The server's environment, parsed once at boot. Every variable is listed in the README. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().optional(),
  DEMO_PASSWORD: z.string().min(6).default('nazer-demo'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(60),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  /** How long (ms) a granted access answer is kept in memory; 0 turns the cache off. See auth/sessions.ts. */
  AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  SMS_PROVIDER: z.enum(['log']).default('log'),
  TRUST_PROXY: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  COOKIE_SECURE: z
    .enum(['0', '1'])
    .default('1')
    .transform((v) => v === '1'),
});

export type Config = z.infer<typeof envSchema>;

/** Reads the configuration from `env` (process.env by default); throws a readable error on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
