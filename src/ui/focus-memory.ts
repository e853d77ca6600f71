/**
 * The element that last had the focus outside every dialog, tracked from the app's start
 * (app/main.tsx imports this module before anything renders): where a dialog gives the focus
 * back when the element it was opened from is gone, and how a screen tells that the screen
 * before it dropped the focus on the page as it went away.
 */
let lastOutside: Element | null = null;
if (typeof document !== 'undefined')
  document.addEventListener(
    'focusin',
    (e) => {
      if (e.target instanceof Element && !e.target.closest('[role=dialog], [role=alertdialog]'))
        lastOutside = e.target;
    },
    true,
  );

/** The element that last had the focus outside every dialog (it may be gone since). */
export const lastFocusOutsideDialogs = (): Element | null => lastOutside;

/** Nothing holds the focus: it is on the page itself (the body, or <main>). */
export function focusOnPage(): boolean {
  const at = document.activeElement;
  return !at || at === document.body || at === document.getElementById('main');
}

/** The focus fell to the page because the element that held it went away (a screen left behind). */
export const focusDropped = (): boolean => focusOnPage() && !!lastOutside && !lastOutside.isConnected;
