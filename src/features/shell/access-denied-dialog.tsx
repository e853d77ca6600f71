import { css } from 'styled-system/css';
import { Button } from '~/ui/button.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import { Icon } from '~/ui/icons.tsx';
import { ForbiddenIllustration } from './forbidden-illustration.tsx';

export const DEFAULT_ACCESS_DENIED_TITLE = 'عدم دسترسی';

const body = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '4', mt: '4' });
const message = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  alignSelf: 'stretch',
  p: '3',
  bg: 'danger.soft',
  color: 'ink',
  borderRadius: '4px',
  fontSize: '13px',
});
const messageIcon = css({ color: 'danger', flexShrink: 0, mt: '0.5' });
// Half the dialog's width on wider screens, natural width on extra-small ones.
const illustration = css({ w: '50%', h: 'auto', '@media (max-width: 600px)': { w: 'auto', maxW: '100%' } });
const titleRow = css({ display: 'inline-flex', alignItems: 'center', gap: '2' });

export interface AccessDeniedDialogProps {
  open: boolean;
  /** Defaults to «عدم دسترسی». */
  title?: string | null;
  message?: string | null;
  onClose(): void;
}

/**
 * The access-denied dialog (specification §2): modal, not dismissed by Escape or a click
 * outside; an icon and the title, an optional message line with a red close icon, the 403
 * illustration and one close button in the warning colour.
 */
export function AccessDeniedDialog({ open, title, message: text, onClose }: AccessDeniedDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      role="alertdialog"
      dismissible={false}
      size="md"
      title={
        <span className={titleRow}>
          <Icon name="role" size={20} />
          {title || DEFAULT_ACCESS_DENIED_TITLE}
        </span>
      }
      footer={
        <Button tone="warning" onClick={onClose}>
          بستن
        </Button>
      }
    >
      <div className={body}>
        {text && (
          <p className={message}>
            <Icon name="close" className={messageIcon} />
            <span>{text}</span>
          </p>
        )}
        <ForbiddenIllustration className={illustration} />
      </div>
    </Dialog>
  );
}
