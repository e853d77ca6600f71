import { z } from 'zod';
import { type FieldErrors, HttpError, invalid } from './errors.ts';

z.config(z.locales.fa());

/** Parses `value` with `schema`, or throws 422 with one Persian message list per field path. */
export function parseOr422<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalid(fieldErrors(result.error));
}

/** Groups zod issues by dotted path (`''` for the whole value). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    // own keys only: a path named `constructor` or `__proto__` must not reach Object.prototype
    const list = Object.hasOwn(out, key) ? out[key]! : [];
    list.push(issue.message);
    Object.defineProperty(out, key, { value: list, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes a body as strict UTF-8 or throws 400. */
export function decodeUtf8(buf: ArrayBuffer): string {
  try {
    return utf8.decode(buf);
  } catch {
    throw new HttpError(400, 'متن درخواست با کدگذاری UTF-8 معتبر نیست');
  }
}

/** Parses a JSON body (empty means `{}`), or throws 400 with a Persian message. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'متن درخواست JSON معتبر نیست');
  }
}
