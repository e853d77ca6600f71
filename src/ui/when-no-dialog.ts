/**
 * Runs `fn` (a command that opens a form or leaves the page) unless a dialog is on screen: a
 * letter pressed on a dialog's select must not open another form or drop the one being filled.
 * The command palette does not count, but a command it runs waits for it to be gone: a dialog
 * opened while the palette closes would see the palette hand focus back and close at once.
 */
export function whenNoDialog(fn: () => void): void {
  const palette = '[role=dialog]:has([cmdk-root])';
  const other =
    '[role=dialog]:not([data-state=closed]):not(:has([cmdk-root])), [role=alertdialog]:not([data-state=closed])';
  if (document.querySelector(other)) return;
  const started = performance.now();
  const attempt = () => {
    if (document.querySelector(palette) && performance.now() - started < 2000) {
      requestAnimationFrame(attempt);
      return;
    }
    if (!document.querySelector(other)) fn();
  };
  attempt();
}

/**
 * Whether a dialog is open (one closing, during its exit animation, no longer counts: it has
 * let go of the focus, and keys belong to the page again).
 */
export function dialogOnScreen(): boolean {
  return (
    document.querySelector(
      '[role=dialog]:not([data-state=closed]), [role=alertdialog]:not([data-state=closed])',
    ) !== null
  );
}
