import { type ReactNode, useRef } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  /** What will happen, in a sentence. */
  description?: ReactNode;
  /** The action's label, a verb: "حذف", "غیرفعال کردن". */
  confirmLabel: string;
  cancelLabel?: string;
  /** `danger` for actions that destroy or cannot be undone. */
  tone?: 'primary' | 'danger';
  /** Shows the confirm button as busy and keeps the dialog open until the promise settles. */
  busy?: boolean;
  onConfirm(): void | Promise<void>;
}

/**
 * Asks before an action. Focus starts on the cancel button for dangerous actions (Enter does
 * not destroy by accident) and on the confirm button otherwise.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'انصراف',
  tone = 'primary',
  busy,
  onConfirm,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      title={title}
      description={description}
      initialFocus={() => (tone === 'danger' ? cancelRef.current : confirmRef.current)}
      footer={
        <>
          <Button ref={cancelRef} onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            ref={confirmRef}
            tone={tone}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={async () => {
              await onConfirm();
              onOpenChange(false);
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
