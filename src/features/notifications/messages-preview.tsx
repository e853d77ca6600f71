import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { type MessagePreviewInput, messagePreviewInput } from '~/contract/notification-messages.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { formatNumber } from '~/ui/format.ts';
import { previewQuery } from './messages-api.ts';
import { previewHeading, previewMuted, previewPanel } from './preview-styles.ts';

const counts = css({
  display: 'flex',
  gap: '4',
  fontSize: '13px',
  m: 0,
  '& b': { fontVariantNumeric: 'tabular-nums' },
});
const sample = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '2',
  bg: 'subtle',
  borderRadius: '4px',
});
const who = css({ fontSize: '12px', color: 'muted' });
const body = css({ fontSize: '13px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 });
const bad = css({ fontSize: '12px', color: 'danger', m: 0 });

/** `value`, once it has not changed for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  const text = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by its JSON text
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [text, ms]);
  return v;
}

/**
 * The live preview: 400 ms after the audience or the template last changed, the server's count of
 * recipients and of those with a mobile, three of them with their own text, and the SMS parts of
 * the longest. Says what is missing while the message cannot be previewed yet.
 */
export function MessagePreviewPanel({ input }: { input: MessagePreviewInput }) {
  const debounced = useDebounced(input, 400);
  const checked = messagePreviewInput.safeParse(debounced);
  const preview = useQuery({ ...previewQuery(debounced), enabled: checked.success });
  const error = preview.error instanceof ApiError ? preview.error.message : null;
  return (
    <section className={previewPanel} aria-label="پیش‌نمایش پیام" aria-live="polite">
      <h3 className={previewHeading}>پیش‌نمایش</h3>
      {!checked.success && <p className={previewMuted}>{checked.error.issues[0]?.message}</p>}
      {checked.success && preview.isPending && <p className={previewMuted}>در حال شمارش گیرندگان…</p>}
      {error && <p className={bad}>{error}</p>}
      {checked.success && preview.data && (
        <>
          <p className={counts} data-testid="preview-counts">
            <span>
              گیرندگان: <b>{formatNumber(preview.data.recipients)}</b>
            </span>
            <span>
              با شماره همراه: <b>{formatNumber(preview.data.with_mobile)}</b>
            </span>
          </p>
          {preview.data.samples.map((s) => (
            <div key={`${s.name}|${s.mobile}|${s.body}`} className={sample}>
              <span className={who}>
                {s.name} · <span dir="ltr">{s.mobile ? toPersianDigits(s.mobile) : 'بی شماره همراه'}</span>
              </span>
              <p className={body} data-testid="preview-sample">
                {s.body}
              </p>
            </div>
          ))}
          {preview.data.parts.parts > 0 && (
            <p className={previewMuted}>
              {formatNumber(preview.data.parts.characters)} نویسه؛ {formatNumber(preview.data.parts.parts)}{' '}
              پیامک ({preview.data.parts.encoding === 'UCS-2' ? 'فارسی' : 'لاتین'})
            </p>
          )}
        </>
      )}
    </section>
  );
}
