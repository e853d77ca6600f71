/** An open dialog: one closing (its exit animation) has let go of the focus and does not count. */
const OPEN_DIALOG = '[role=dialog]:not([data-state=closed]), [role=alertdialog]:not([data-state=closed])';
const PALETTE = '[role=dialog]:has([cmdk-root])';

/** Whether a dialog is open, so keys belong to it rather than to the page. */
export function dialogOnScreen(): boolean {
  return document.querySelector(OPEN_DIALOG) !== null;
}

/** Whether a dialog other than the command palette is open. */
const otherDialogOnScreen = () =>
  [...document.querySelectorAll(OPEN_DIALOG)].some((d) => !d.matches(PALETTE));

/**
 * Runs `fn` (a command that opens a form or leaves the page) unless a dialog is on screen: a
 * letter pressed on a dialog's select must not open another form or drop the one being filled.
 * The command palette does not count, but a command it runs waits for it to be gone: a dialog
 * opened while the palette closes would see the palette hand focus back and close at once.
 */
export function whenNoDialog(fn: () => void): void {
  if (otherDialogOnScreen()) return;
  const started = performance.now();
  const attempt = () => {
    if (document.querySelector(PALETTE) && performance.now() - started < 2000) {
      requestAnimationFrame(attempt);
      return;
    }
    if (!otherDialogOnScreen()) fn();
  };
  attempt();
}
