import { type FormEvent, useMemo, useRef, useState } from 'react';
import type { ZodType } from 'zod';
import { type FieldErrors, validate } from '~/lib/form-errors.ts';
import { ApiError } from '~/lib/http.ts';

/**
 * The one form hook: every form (a record's page, a managed list's dialog, a report's row) keeps
 * its values here, checks them with the contract's schema before sending, and reads the server's
 * refusals the same way:
 * - 422: the messages under their fields (`errors[field]`), what was typed kept; a message with
 *   no field under `_`; `conflict` holds the answer's extra body (a duplicate national id's record);
 * - 409 with `stale` (the record changed since the form opened): `stale` is set, nothing else;
 * - any other refusal: its message under `_`.
 * `dirty` says the values differ from `initial` (the page and the dialog ask before leaving);
 * `refusals` counts refusals, so the first refused field takes the focus each time.
 */
export interface FormOptions<V, I, R> {
  initial: V;
  schema: ZodType<I>;
  /** The values as the schema reads them (pickers → ids, Persian digits → ASCII); default: as they are. */
  prepare?(values: V): unknown;
  /**
   * What is sent: `output`, the schema's output (default), or `input`, the prepared values, for
   * a schema the server reads again with its transforms (Jalali dates typed → ISO).
   */
  send?: 'output' | 'input';
  /** What `dirty` compares (default: the values as JSON); e.g. the prepared values, so row keys do not count. */
  fingerprint?(values: V): string;
  save(body: I): Promise<R>;
  onSaved?(result: R, input: I): void;
}

/** How a form reads a refused save: a 409 `stale`, or messages by field (and the 422's body). */
export type Refusal =
  | { stale: true }
  | { stale: false; errors: FieldErrors; conflict: Record<string, unknown> | null };

/** Reads a refused save as every form shows it (see `useForm`). */
export function refusalOf(err: ApiError): Refusal {
  const body = (err.body ?? {}) as Record<string, unknown>;
  if (err.status === 409 && body.stale) return { stale: true };
  if (err.status === 422)
    return {
      stale: false,
      errors: Object.keys(err.fields).length ? err.fields : { _: [err.message] },
      conflict: body,
    };
  return { stale: false, errors: { _: [err.message] }, conflict: null };
}

export function useForm<V extends object, I, R = unknown>(opts: FormOptions<V, I, R>) {
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<Record<string, unknown> | null>(null);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [refusals, setRefusals] = useState(0);
  const print = opts.fingerprint ?? JSON.stringify;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fingerprint is fixed for a form's life
  const initialText = useMemo(() => print(opts.initial), [opts.initial]);
  const dirty = print(values) !== initialText;

  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));
  const refuse = (e: FieldErrors) => {
    setErrors(e);
    setRefusals((n) => n + 1);
  };

  const submit = async (e?: FormEvent | KeyboardEvent) => {
    e?.preventDefault();
    if (busyRef.current) return;
    const prepared = opts.prepare ? opts.prepare(values) : values;
    const checked = validate(opts.schema, prepared);
    if (checked.errors) {
      setConflict(null);
      refuse(checked.errors);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const result = await opts.save(opts.send === 'input' ? (prepared as I) : checked.data);
      setErrors({});
      setConflict(null);
      opts.onSaved?.(result, checked.data);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const refusal = refusalOf(err);
      if (refusal.stale) {
        setStale(true);
        setErrors({});
      } else {
        setConflict(refusal.conflict);
        refuse(refusal.errors);
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };
  /** The first message of `field`. */
  const error = (field: string) => errors[field]?.[0];
  /** A control's props bound to `key`: its name, value, change and first message. */
  const field = <K extends keyof V & string>(key: K) => ({
    name: key,
    value: values[key],
    onChange: (value: V[K]) => set(key, value),
    error: errors[key]?.[0],
  });
  return { values, setValues, set, field, errors, error, conflict, stale, busy, dirty, submit, refusals };
}

export type Form<V extends object> = ReturnType<typeof useForm<V, unknown>>;
