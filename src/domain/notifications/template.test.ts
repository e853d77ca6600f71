import { describe, expect, it } from 'vitest';
import { MESSAGE_PLACEHOLDERS, NOTIFICATION_EVENT_INFO, NOTIFICATION_EVENTS } from './events.ts';
import { checkTemplate, notificationSms, renderSample, renderTemplate, smsParts } from './template.ts';

describe('notification templates', () => {
  it('lists the placeholders a template uses, once each, in order', () => {
    expect(checkTemplate('سلام {{name}}، {{ first_name }} و {{name}}', MESSAGE_PLACEHOLDERS)).toEqual({
      ok: true,
      names: ['name', 'first_name'],
    });
    expect(checkTemplate('بی جای‌نگه‌دار', MESSAGE_PLACEHOLDERS)).toEqual({ ok: true, names: [] });
  });

  it('refuses an unknown placeholder, naming the ones allowed', () => {
    const r = checkTemplate('سلام {{national_id}}', MESSAGE_PLACEHOLDERS);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain('«national_id»');
    expect(!r.ok && r.error).toContain('first_name');
  });

  it('refuses sections, partials, comments and an unclosed tag', () => {
    for (const t of [
      '{{#name}}x{{/name}}',
      '{{^name}}x{{/name}}',
      '{{> other}}',
      '{{! note }}',
      'سلام {{name',
    ])
      expect(checkTemplate(t, MESSAGE_PLACEHOLDERS).ok, t).toBe(false);
  });

  it('renders plain text: nothing escaped, a missing value empty', () => {
    expect(renderTemplate('{{name}} <b>&</b> {{last_name}}', { name: 'A & "B" <c>' })).toBe(
      'A & "B" <c> <b>&</b> ',
    );
  });

  it('every event has a title, subjects and distinct placeholders whose samples render', () => {
    for (const e of NOTIFICATION_EVENTS) {
      const info = NOTIFICATION_EVENT_INFO[e];
      const names = info.placeholders.map((p) => p.name);
      expect(new Set(names).size).toBe(names.length);
      const all = names.map((n) => `{{${n}}}`).join(' ');
      expect(checkTemplate(all, info.placeholders)).toEqual({ ok: true, names });
      expect(renderSample(all, info.placeholders)).toBe(info.placeholders.map((p) => p.sample).join(' '));
    }
  });

  it('counts SMS parts: Persian text 70 in one part, 67 per part beyond; Latin 160 and 153', () => {
    expect(smsParts('')).toMatchObject({ parts: 0 });
    expect(smsParts('س'.repeat(70))).toEqual({ parts: 1, encoding: 'UCS-2', characters: 70 });
    expect(smsParts('س'.repeat(71))).toMatchObject({ parts: 2, encoding: 'UCS-2' });
    expect(smsParts('س'.repeat(134))).toMatchObject({ parts: 2 });
    expect(smsParts('س'.repeat(135))).toMatchObject({ parts: 3 });
    expect(smsParts('a'.repeat(160))).toEqual({ parts: 1, encoding: 'GSM-7', characters: 160 });
    expect(smsParts('a'.repeat(161))).toMatchObject({ parts: 2, encoding: 'GSM-7' });
  });

  it('says exactly what is wrong: the unclosed tag, the kind of tag, the name and those allowed', () => {
    expect(checkTemplate('سلام {{name', MESSAGE_PLACEHOLDERS)).toEqual({
      ok: false,
      error: 'الگو نادرست است: هر {{ باید با }} بسته شود',
    });
    expect(checkTemplate('{{#name}}x{{/name}}', MESSAGE_PLACEHOLDERS)).toEqual({
      ok: false,
      error: 'در الگو تنها جای‌نگه‌دار ساده {{نام}} پذیرفته است («name»)',
    });
    expect(
      checkTemplate('{{&name}} و {{x}}', [
        { name: 'name', label: 'نام', sample: 'مریم' },
        { name: 'y', label: 'ی', sample: '' },
      ]),
    ).toEqual({
      ok: false,
      error: 'جای‌نگه‌دار «x» شناخته نیست؛ جای‌نگه‌دارهای این الگو: name، y',
    });
  });

  it('an SMS of a notification: the product, the title, and the body on its own line when there is one', () => {
    expect(notificationSms('موضوع ۱۲ به شما ارجاع شد', 'لطفاً بررسی کنید')).toBe(
      'ناظر: موضوع ۱۲ به شما ارجاع شد\nلطفاً بررسی کنید',
    );
    expect(notificationSms('موضوع ۱۲ به شما ارجاع شد', '')).toBe('ناظر: موضوع ۱۲ به شما ارجاع شد');
  });
});
