import { CONTACT_KIND_LABELS, type Contact, contactEntity } from '~/contract/contacts.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { Badge } from '~/ui/badge.tsx';
import { OwnedSection } from '~/ui/record/owned-section.tsx';
import { ContactForm } from './contact-form.tsx';

/** A contact's value as shown: numbers in Persian digits left to right, links for email and website. */
function ContactValue({ c }: { c: Contact }) {
  if (c.kind === 'email')
    return (
      <a href={`mailto:${c.value}`} dir="ltr">
        {c.value}
      </a>
    );
  if (c.kind === 'website')
    return (
      <a href={c.value} dir="ltr" rel="noreferrer" target="_blank">
        {c.value.replace(/^https?:\/\//, '')}
      </a>
    );
  if (c.kind === 'address') return <>{toPersianDigits(c.value)}</>;
  return <span dir="ltr">{toPersianDigits(c.value)}</span>;
}

/**
 * «اطلاعات تماس» on a person's view: phones, mobiles, emails, faxes, addresses and websites, the
 * primary one of each kind marked. For roles that may edit the person, C (or the button) adds
 * one, and each row has edit and delete buttons (delete asks first).
 */
export function ContactsSection(props: RecordSectionProps) {
  return (
    <OwnedSection<Contact>
      entity={contactEntity}
      at={props}
      id="contacts"
      unit="مورد"
      failed="اطلاعات تماس بارگیری نشد"
      empty={{ none: 'اطلاعات تماسی', hint: 'با کلید C یکی بیفزایید' }}
      add={{
        id: `contacts.${props.kind}.new`,
        key: 'KeyC',
        label: 'افزودن',
        title: 'افزودن راه ارتباطی',
        keywords: ['contact', 'phone', 'email', 'تماس', 'تلفن', 'رایانامه'],
      }}
      cells={{
        value: (c) => <ContactValue c={c} />,
        is_primary: (c) => (c.is_primary ? <Badge tone="success">اصلی</Badge> : ''),
      }}
      form={(p) => <ContactForm owner={props} {...p} />}
      edits
      saved={(row) => (row ? 'راه ارتباطی ذخیره شد' : 'راه ارتباطی افزوده شد')}
      remove={{
        describe: (c) => `${CONTACT_KIND_LABELS[c.kind]} «${toPersianDigits(c.value)}» حذف می‌شود.`,
        done: (c) => `${CONTACT_KIND_LABELS[c.kind]} حذف شد`,
      }}
    />
  );
}
