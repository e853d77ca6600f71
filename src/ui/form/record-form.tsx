import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import type { DuplicateRef } from '~/contract/person-forms.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import type { Form } from './use-form.ts';

/**
 * The page of a record's create/update form (its state is `useForm`'s, ./use-form.ts): the
 * server's messages, a duplicate national id/code with a link to the record that has it, a 409
 * `stale` banner with a reload, and the keys: Ctrl/⌘+Enter saves, Esc cancels (asking first when
 * something changed).
 */

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
export function DuplicateLink({ conflict }: { conflict: Record<string, unknown> | null }) {
  const duplicate = conflict?.duplicate as DuplicateRef | undefined;
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
  form: Pick<Form<object>, 'busy' | 'dirty' | 'submit' | 'stale' | 'errors' | 'refusals'>;
  /** Where cancel goes (the view, or the list for a new record). */
  onCancel(): void;
  /** Loads the record again after a 409 (the form starts over from the current version). */
  onReload?(): void;
  /** The form's accessible name. */
  label: string;
  /** The key that saves (default Ctrl/⌘+Enter). */
  saveKey?: string;
  /** The banner after a 409 (default: the record's). */
  staleText?: string;
  /** The reload button's text (default «بارگیری دوباره رکورد»). */
  reloadLabel?: string;
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
  saveKey = '$mod+Enter',
  staleText = 'این رکورد پس از باز شدن آن در فرم شما، به دست کاربر دیگری تغییر کرده است. تغییرات شما ذخیره نشد و چیزی بازنویسی نشد. رکورد را دوباره بارگیری کنید و تغییرات خود را روی نسخه تازه اعمال کنید.',
  reloadLabel = 'بارگیری دوباره رکورد',
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
    [saveKey]: (e) => {
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
              shortcut={saveKey}
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
            <p>{staleText}</p>
            {onReload && (
              <Button tone="primary" size="sm" onClick={onReload}>
                {reloadLabel}
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
