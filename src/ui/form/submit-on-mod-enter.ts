/**
 * A form's `onKeyDown` that runs `submit` on Ctrl/⌘+Enter anywhere in it (the save key the forms'
 * primary button shows as `$mod+Enter`), and lets every other key through.
 */
export const submitOnModEnter =
  (submit: () => unknown) =>
  (e: { key: string; ctrlKey: boolean; metaKey: boolean; preventDefault(): void }) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };
