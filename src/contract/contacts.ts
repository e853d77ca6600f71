import { z } from 'zod';
import { MOBILE_FORMAT_MESSAGE, normalizeMobile } from '../domain/identifiers.ts';
import { normalizePersian, toAsciiDigits } from '../domain/persian-text.ts';
import { defineEntity } from './entity.ts';
import { ownedBy } from './owners.ts';
import { contactItem } from './persons.ts';

/**
 * Contacts (اطلاعات تماس) of a legal or true person: a kind, its value and whether it is the
 * primary one of its kind (at most one per kind and owner; setting one clears the others).
 *
 * Calls (`{type}` legal-persons | true-persons; view / edit permission of that person type):
 * - GET    /api/person/{type}/:id/contacts                → `Contact[]`, primary first, by kind.
 * - POST   /api/person/{type}/:id/contacts                `contactInput` → `Contact`; 422 per field.
 * - PUT    /api/person/{type}/:id/contacts/:contactId     `contactInput` → `Contact`; 404, 422.
 * - DELETE /api/person/{type}/:id/contacts/:contactId     → `{ deleted: true }`; 404.
 * A missing or deleted person answers 404. Described once in `contactEntity`; the value's check
 * by its kind (`contactInput`) is the contact's own.
 */

export const CONTACT_KINDS = ['phone', 'mobile', 'email', 'fax', 'address', 'website'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];
export const CONTACT_KIND_LABELS: Record<ContactKind, string> = {
  phone: 'تلفن',
  mobile: 'تلفن همراه',
  email: 'رایانامه',
  fax: 'دورنگار',
  address: 'نشانی',
  website: 'وبگاه',
};

/** A phone or fax number: Persian digits made ASCII, separators dropped, 4–15 digits, an optional leading +. */
export function normalizePhone(raw: string): string | null {
  const v = toAsciiDigits(raw).replace(/[\s\-().\u200c/]/g, '');
  return /^\+?\d{4,15}$/.test(v) ? v : null;
}

/** A website: `https://` added when no scheme is given; http(s) with a dotted host, else null. */
export function normalizeWebsite(raw: string): string | null {
  const v = raw.trim();
  if (!v || /\s/.test(v)) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!/^[^.]+(\.[^.]+)+$/.test(url.hostname)) return null;
    const href = url.href;
    return url.pathname === '/' && !url.search && !url.hash ? href.replace(/\/$/, '') : href;
  } catch {
    return null;
  }
}

const EMAIL = z.email();

/** The value of `kind` in its stored form, or a Persian message. */
export function checkContactValue(kind: ContactKind, raw: string): { value: string } | { error: string } {
  const v = raw.trim();
  if (!v) return { error: `${CONTACT_KIND_LABELS[kind]} را وارد کنید` };
  switch (kind) {
    case 'mobile': {
      const m = normalizeMobile(v);
      return m ? { value: m } : { error: MOBILE_FORMAT_MESSAGE };
    }
    case 'email': {
      const e = toAsciiDigits(v).toLowerCase();
      return e.length <= 200 && EMAIL.safeParse(e).success
        ? { value: e }
        : { error: 'رایانامه معتبر نیست؛ مانند name@example.com' };
    }
    case 'phone':
    case 'fax': {
      const p = normalizePhone(v);
      return p
        ? { value: p }
        : { error: `${CONTACT_KIND_LABELS[kind]} باید ۴ تا ۱۵ رقم باشد؛ مانند ۰۲۱-۸۸۸۸۸۸۸۸` };
    }
    case 'website': {
      const w = v.length <= 200 ? normalizeWebsite(v) : null;
      return w ? { value: w } : { error: 'نشانی وبگاه معتبر نیست؛ مانند https://example.ir' };
    }
    case 'address': {
      const a = normalizePersian(v).trim();
      return a.length <= 500 ? { value: a } : { error: 'نشانی حداکثر ۵۰۰ نویسه است' };
    }
  }
}

/** Body of create and update: the value is checked and normalised by its kind (errors under `value`). */
export const contactInput = z
  .object({
    kind: z.enum(CONTACT_KINDS, { error: 'نوع راه ارتباطی را انتخاب کنید' }),
    value: z.string({ error: 'مقدار را وارد کنید' }).max(1000, 'مقدار بیش از اندازه بلند است'),
    is_primary: z.boolean({ error: 'اصلی بودن باید بله یا خیر باشد' }).default(false),
  })
  .transform((input, ctx) => {
    const checked = checkContactValue(input.kind, input.value);
    if ('error' in checked) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: checked.error });
      return z.NEVER;
    }
    return { ...input, value: checked.value };
  });
export type ContactInput = z.input<typeof contactInput>;

/** A contact: a sub-record of a legal or a true person, in the section «اطلاعات تماس» of its page. */
export const contactEntity = defineEntity({
  name: 'contact',
  title: 'راه ارتباطی',
  plural: 'اطلاعات تماس',
  ...ownedBy({ kinds: ['legal', 'true'], segment: 'contacts', param: 'contactId' }),
  id: 'id',
  display: 'value',
  defaultSort: 'kind',
  fields: {
    id: { type: 'int', label: 'شناسه' },
    kind: {
      type: 'enum',
      label: 'نوع',
      options: CONTACT_KINDS,
      optionLabels: CONTACT_KIND_LABELS,
      column: { width: 128 },
    },
    value: { type: 'text', label: 'مقدار', max: 1000, column: { width: 320, grow: true } },
    is_primary: { type: 'bool', label: 'اصلی', column: { width: 80 } },
  },
});

/** A contact as the API answers it (the person views' `contactItem`, its kind one of CONTACT_KINDS). */
export const contact = contactItem.extend({ kind: z.enum(CONTACT_KINDS) });
export type Contact = z.infer<typeof contact>;
