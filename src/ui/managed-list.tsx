import type { FormEvent, KeyboardEvent, ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Button } from '~/ui/button.tsx';
import { Dialog } from '~/ui/dialog.tsx';

const formCss = css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '3' });
const rowCss = css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' });
const alertCss = css({ color: 'danger', fontSize: '13px', m: 0 });

/** A create/edit dialog around a form; Ctrl/⌘+Enter saves from anywhere in it. */
export function FormDialog({
  open,
  title,
  busy,
  error,
  onClose,
  onSubmit,
  children,
  submitLabel = 'ذخیره',
}: {
  open: boolean;
  title: string;
  busy: boolean;
  /** A message with no field of its own. */
  error?: string;
  onClose(): void;
  onSubmit(e?: FormEvent): void;
  children: ReactNode;
  /** The submit button's verb (default «ذخیره»). */
  submitLabel?: string;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit();
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title}>
      <form className={formCss} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={title}>
        {children}
        {error && (
          <p role="alert" className={alertCss}>
            {error}
          </p>
        )}
        <div className={rowCss} style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={busy}>
            انصراف
          </Button>
          <Button
            type="submit"
            tone="primary"
            disabled={busy}
            aria-busy={busy || undefined}
            shortcut="$mod+Enter"
          >
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
