import Mustache from 'mustache';
import { SegmentedMessage } from 'sms-segments-calculator';

/**
 * Notification templates (الگوی پیام): the text of a notification schema's title and body and of
 * a staff-sent message, with placeholders written `{{name}}` (Mustache, mustache.github.io, the
 * variable tag only). A template may use only the placeholders its event or audience offers
 * (events.ts); sections, partials, inverted sections and comments are refused, so what staff write
 * stays a plain text with blanks. Rendered as plain text: nothing is escaped (an SMS is not HTML;
 * where a body is shown in the app, React escapes it).
 */

/** A placeholder a template may use: its name in the template and its Persian label. */
export interface Placeholder {
  name: string;
  label: string;
  /** The value shown in a preview when there is no real recipient or record. */
  sample: string;
}

/**
 * The SMS of an in-app notification (the `notify` job sends it; the schemas' preview shows it):
 * the product's name, the title, and the body on the next line when there is one.
 */
export const notificationSms = (title: string, body: string) =>
  body ? `ناظر: ${title}\n${body}` : `ناظر: ${title}`;

/** The longest template accepted, in characters (ten SMS parts of Persian text). */
export const TEMPLATE_MAX = 670;

/**
 * The placeholders `template` uses, in order of first use, or a Persian error: a syntax error
 * (an unclosed `{{`), a tag other than a plain `{{name}}` or `{{&name}}`, or a name that is not
 * one of `allowed`. → `{ ok: true, names }` or `{ ok: false, error }`.
 */
export function checkTemplate(
  template: string,
  allowed: readonly Placeholder[],
): { ok: true; names: string[] } | { ok: false; error: string } {
  let tokens: unknown[];
  try {
    tokens = Mustache.parse(template);
  } catch {
    return { ok: false, error: 'الگو نادرست است: هر {{ باید با }} بسته شود' };
  }
  const known = new Set(allowed.map((p) => p.name));
  const names: string[] = [];
  for (const token of tokens as [string, string][]) {
    const [kind, value] = token;
    if (kind === 'text') continue;
    if (kind !== 'name' && kind !== '&')
      return { ok: false, error: `در الگو تنها جای‌نگه‌دار ساده {{نام}} پذیرفته است («${value}»)` };
    if (!known.has(value))
      return {
        ok: false,
        error: `جای‌نگه‌دار «${value}» شناخته نیست؛ جای‌نگه‌دارهای این الگو: ${allowed.map((p) => p.name).join('، ')}`,
      };
    if (!names.includes(value)) names.push(value);
  }
  return { ok: true, names };
}

/**
 * `template` with each placeholder replaced by its value in `values` (a missing one by an empty
 * string), as plain text. Call `checkTemplate` first: an unparsable template throws.
 */
export function renderTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return Mustache.render(template, values, undefined, { escape: (v: unknown) => String(v) });
}

/** `renderTemplate` over each placeholder's sample value (a preview with no recipient). */
export const renderSample = (template: string, placeholders: readonly Placeholder[]) =>
  renderTemplate(template, Object.fromEntries(placeholders.map((p) => [p.name, p.sample])));

/**
 * How an SMS of `body` is sent (Twilio's segment calculator, GSM-7 or UCS-2 as the text needs):
 * Persian text is UCS-2, 70 characters in one part and 67 in each part of a longer one.
 * → `{ parts, encoding, characters }`.
 */
export function smsParts(body: string): { parts: number; encoding: 'GSM-7' | 'UCS-2'; characters: number } {
  const m = new SegmentedMessage(body, 'auto');
  return {
    parts: body.length === 0 ? 0 : m.segmentsCount,
    encoding: m.encodingName === 'GSM-7' ? 'GSM-7' : 'UCS-2',
    characters: m.numberOfCharacters,
  };
}
