import { useEffect } from 'react';
import { answerForbidden, isForbidden } from '~/lib/http.ts';

/** Said in place of what the server refused, while the error catalogue goes back a page. */
export const GOING_BACK = 'به صفحه پیش بازمی‌گردید.';

/**
 * A screen's quiet load that the server refused (403) gets the error catalogue's answer: the
 * server's message in a toast, then back one page (lib/http.ts `answerForbidden`). Answers true
 * while `error` is that refusal, so the screen shows no retry in its place.
 */
export function useForbiddenAnswer(error: unknown): boolean {
  const forbidden = isForbidden(error);
  useEffect(() => {
    if (forbidden) answerForbidden(error);
  }, [forbidden, error]);
  return forbidden;
}
