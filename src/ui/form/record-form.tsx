import { Link } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { ZodType } from 'zod';
import type { DuplicateRef } from '~/contract/person-forms.ts';
import { type FieldErrors, validate } from '~/lib/form-errors.ts';
import { ApiError } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';

/**
 * The create/update form of a record: values checked with the contract's schema before sending,
 * the server's 422 messages under their fields (what was typed is kept), a duplicate national
 * id/code with a link to the record that has it, a 409 `stale` banner with a reload, and the
 * keys: Ctrl/⌘+Enter saves, Esc cancels (asking first when something changed).
 */

export interface RecordFormOptions<V, I> {
  initial: V;
  schema: ZodType<I>;
  /** The values as the schema reads them (pickers → ids); sent as they are once the schema accepts them. */
  prepare(values: V): unknown;
  save(input: unknown): Promise<{ id: number; version: number }>;
  onSaved(saved: { id: number; version: number }, input: I): void;
}

export function useRecordForm<V extends object, I>(opts: RecordFormOptions<V, I>) {
  const [values, setValues] = useState<V>(opts.initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [duplicate, setDuplicate] = useState<DuplicateRef | null>(null);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  /** Bumped on every refusal, so the first refused field gets focus even if the errors look the same. */
  const [refusals, setRefusals] = useState(0);
  const initialText = useMemo(() => JSON.stringify(opts.initial), [opts.initial]);
  const dirty = JSON.stringify(values) !== initialText;

  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));
  const refuse = (e: FieldErrors) => {
    setErrors(e);
    setRefusals((n) => n + 1);
  };

  const submit = async (e?: FormEvent | KeyboardEvent) => {
    e?.preventDefault();
    if (busyRef.current) return;
    const prepared = opts.prepare(values);
    const checked = validate(opts.schema, prepared);
    if (checked.errors) {
      setDuplicate(null);
      refuse(checked.errors);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      // What was typed goes to the server, which reads it with the same schema: its output
      // (an ISO date) is not an input (the schema reads dates as Jalali).
      const saved = await opts.save(prepared);
      setErrors({});
      setDuplicate(null);
      opts.onSaved(saved, checked.data);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const body = err.body as { duplicate?: DuplicateRef; stale?: boolean };
      if (err.status === 409 && body.stale) {
        setStale(true);
        setErrors({});
      } else if (err.status === 422) {
        setDuplicate(body.duplicate ?? null);
        refuse(Object.keys(err.fields).length ? err.fields : { _: [err.message] });
      } else refuse({ _: [err.message] });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };
  const error = (field: string) => errors[field]?.[0];
  return { values, setValues, set, errors, error, duplicate, stale, busy, dirty, submit, refusals };
}

export type RecordForm<V extends object> = ReturnType<typeof useRecordForm<V, unknown>>;

const formCss = css({ display: 'flex', flexDirection: 'column', gap: '4', pb: '6' });
const sectionCss = css({
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  p: '4',
  pt: '3',
  m: '0',
  minW: '0',
});
const legendCss = css({
  fontSize: '14px',
  fontWeight: 600,
  px: '1',
  float: 'inline-start',
  w: '100%',
  mb: '3',
});
export const fieldGrid = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
  gap: '3',
  clear: 'both',
});
export const wide = css({ gridColumn: '1 / -1' });
/** A field with a line under it (the duplicate's link). */
export const withLink = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const bannerCss = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderRadius: '4px',
  fontSize: '13px',
  borderInlineStartWidth: '3px',
  borderInlineStartStyle: 'solid',
  bg: 'warning.soft',
  color: 'ink',
  borderInlineStartColor: 'warning',
  '&[data-tone=danger]': { bg: 'danger.soft', borderInlineStartColor: 'danger' },
  '& p': { m: 0, flex: '1 1 320px' },
});
const dupCss = css({ fontSize: '12px', '& a': { color: 'first.text', fontWeight: 500 } });

/** One group of fields under its heading. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={sectionCss}>
      <legend className={legendCss}>{title}</legend>
      <div className={fieldGrid}>{children}</div>
    </fieldset>
  );
}

/** The record that already has the typed national id/code, linked. */
export function DuplicateLink({ duplicate }: { duplicate: DuplicateRef | null }) {
  if (!duplicate) return null;
  return (
    <span className={dupCss}>
      <Link to={duplicate.path as never}>نمایش «{duplicate.name}»</Link>
    </span>
  );
}

/** A dialog, menu or popup owns Esc while it is on screen. */
function overlayOpen(): boolean {
  return [...document.querySelectorAll<HTMLElement>('[role=dialog], [role=alertdialog], [role=menu]')].some(
    (el) => el.dataset.state !== 'closed' && el.checkVisibility(),
  );
}

export interface RecordFormPageProps {
  title: string;
  description?: ReactNode;
  form: Pick<RecordForm<object>, 'busy' | 'dirty' | 'submit' | 'stale' | 'errors' | 'refusals'>;
  /** Where cancel goes (the view, or the list for a new record). */
  onCancel(): void;
  /** Loads the record again after a 409 (the form starts over from the current version). */
  onReload?(): void;
  /** The form's accessible name. */
  label: string;
  children: ReactNode;
}

/** The page of a record form: header with cancel and save, banners, sections, keys and focus. */
export function RecordFormPage({
  title,
  description,
  form,
  onCancel,
  onReload,
  label,
  children,
}: RecordFormPageProps) {
  const ref = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const latest = useRef({ form, onCancel });
  latest.current = { form, onCancel };
  const cancel = () => {
    if (latest.current.form.dirty) setAsking(true);
    else latest.current.onCancel();
  };

  useShortcuts({
    '$mod+Enter': (e) => {
      if (overlayOpen()) return;
      e.preventDefault();
      void latest.current.form.submit();
    },
  });
  // Esc before the page header's (which would leave without asking); a combobox with its list
  // open, or a dialog, takes Esc first.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.code !== 'Escape' || e.defaultPrevented || e.isComposing || overlayOpen()) return;
      const t = e.target as HTMLElement | null;
      if (t?.getAttribute?.('aria-expanded') === 'true') return;
      e.preventDefault();
      if (latest.current.form.dirty) setAsking(true);
      else latest.current.onCancel();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
  // The first field on open; the first refused field after a refusal.
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea')?.focus();
  }, []);
  useEffect(() => {
    if (!form.refusals) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid=true]');
    if (first) first.focus();
    else ref.current?.querySelector<HTMLElement>('[data-form-alert]')?.focus();
  }, [form.refusals]);

  const general = form.errors._?.[0];
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            <Button shortcut="Escape" onClick={cancel} disabled={form.busy}>
              انصراف
            </Button>
            <Button
              tone="primary"
              shortcut="$mod+Enter"
              disabled={form.busy}
              aria-busy={form.busy || undefined}
              onClick={() => void form.submit()}
            >
              ذخیره
            </Button>
          </>
        }
      />
      <form ref={ref} className={formCss} onSubmit={(e) => void form.submit(e)} noValidate aria-label={label}>
        {form.stale && (
          <div role="alert" className={bannerCss} data-stale="">
            <p>
              این رکورد پس از باز شدن آن در فرم شما، به دست کاربر دیگری تغییر کرده است. تغییرات شما ذخیره نشد
              و چیزی بازنویسی نشد. رکورد را دوباره بارگیری کنید و تغییرات خود را روی نسخه تازه اعمال کنید.
            </p>
            {onReload && (
              <Button tone="primary" size="sm" onClick={onReload}>
                بارگیری دوباره رکورد
              </Button>
            )}
          </div>
        )}
        {general && (
          <div role="alert" className={bannerCss} data-tone="danger" data-form-alert="" tabIndex={-1}>
            <p>{general}</p>
          </div>
        )}
        {children}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        tone="danger"
        title="تغییرات ذخیره نشده کنار گذاشته شود؟"
        description="آنچه در این فرم تغییر داده‌اید ذخیره نشده است و از دست می‌رود."
        confirmLabel="کنار گذاشتن تغییرات"
        cancelLabel="ادامه ویرایش"
        onConfirm={() => latest.current.onCancel()}
      />
    </>
  );
}
