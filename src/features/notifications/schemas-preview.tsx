import { css } from 'styled-system/css';
import {
  checkTemplate,
  notificationSms,
  type Placeholder,
  renderSample,
  smsParts,
} from '~/domain/notifications/template.ts';
import { formatNumber } from '~/ui/format.ts';
import { previewHeading, previewMuted, previewPanel } from './preview-styles.ts';

const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '2',
  bg: 'subtle',
  borderRadius: '4px',
});
const titleCss = css({ fontSize: '14px', fontWeight: '600', overflowWrap: 'anywhere' });
const bodyCss = css({ fontSize: '13px', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0 });
const smsCss = css({
  fontSize: '13px',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  m: 0,
  p: '2',
  borderRadius: '4px',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'line.strong',
});
const bad = css({ fontSize: '12px', color: 'danger', m: 0 });

/** `template` over the samples, or the check's Persian error. */
function sample(template: string, placeholders: readonly Placeholder[]) {
  const checked = checkTemplate(template, placeholders);
  return checked.ok ? { text: renderSample(template, placeholders) } : { error: checked.error };
}

/** The SMS a notification sends: as the `notify` job writes it (server/jobs/notify.ts `notificationSms`). */

export interface SchemaPreviewProps {
  title: string;
  body: string;
  sms: boolean;
  placeholders: readonly Placeholder[];
}

/**
 * What the schema sends, rendered with each placeholder's sample as it is typed: the in-app
 * notification's title and body and, with SMS on, the message and its parts (Persian text is
 * UCS-2: 70 characters in one part, 67 in each of more). A template that does not check shows
 * its error in place of its text.
 */
export function SchemaPreview({ title, body, sms, placeholders }: SchemaPreviewProps) {
  const t = sample(title, placeholders);
  const b = sample(body, placeholders);
  const message = t.text !== undefined && b.text !== undefined ? notificationSms(t.text, b.text) : null;
  const parts = message !== null ? smsParts(message) : null;
  return (
    <section className={previewPanel} aria-label="پیش‌نمایش اعلان">
      <h3 className={previewHeading}>پیش‌نمایش با مقدارهای نمونه</h3>
      <div className={card}>
        {t.error ? (
          <p className={bad}>عنوان: {t.error}</p>
        ) : (
          <span className={titleCss} data-testid="preview-title">
            {t.text || <span className={previewMuted}>(عنوان خالی است)</span>}
          </span>
        )}
        {b.error ? (
          <p className={bad}>متن: {b.error}</p>
        ) : (
          b.text && (
            <p className={bodyCss} data-testid="preview-body">
              {b.text}
            </p>
          )
        )}
      </div>
      {sms && (
        <>
          <h3 className={previewHeading}>پیامک</h3>
          {message !== null && parts ? (
            <>
              <p className={smsCss} data-testid="preview-sms">
                {message}
              </p>
              <p className={previewMuted} data-testid="sms-parts">
                {formatNumber(parts.parts)} بخش، {formatNumber(parts.characters)} نویسه (
                {parts.encoding === 'UCS-2' ? 'فارسی: ۷۰ نویسه در یک بخش، ۶۷ در هر بخش بیشتر' : 'لاتین'})
              </p>
            </>
          ) : (
            <p className={previewMuted}>تا الگوها درست نباشند پیامک دیده نمی‌شود.</p>
          )}
        </>
      )}
      <p className={previewMuted}>
        مقدارهای نمونه به جای جای‌نگه‌دارها نشسته‌اند؛ اعلان واقعی مقدارهای رویداد را دارد.
      </p>
    </section>
  );
}
