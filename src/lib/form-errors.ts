import type { ZodType } from 'zod';
import type { CallError } from '~/machines/session.ts';

export type FieldErrors = Record<string, string[]>;

/** Validates `values` with a contract schema; per-field Persian messages, or null when valid. */
export function validate<T>(
  schema: ZodType<T>,
  values: unknown,
): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return { data: null, errors };
}

/** The message for `field`: the client's check first, then the server's. */
export function messageFor(
  field: string,
  client: FieldErrors | null,
  server?: CallError | null,
): string | undefined {
  return client?.[field]?.[0] ?? server?.fields[field]?.[0];
}
