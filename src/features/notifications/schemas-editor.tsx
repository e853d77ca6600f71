import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import {
  NOTIFICATION_EVENT_TITLES,
  type NotificationSchemaRow,
  notificationSchemaInput,
} from '~/contract/notification-schemas.ts';
import {
  isNotificationEvent,
  NOTIFICATION_EVENT_INFO,
  NOTIFICATION_EVENTS,
} from '~/domain/notifications/events.ts';
import { TEMPLATE_MAX } from '~/domain/notifications/template.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import type { EntityEditorProps } from '~/ui/entity/entity-list-screen.tsx';
import { Field } from '~/ui/field.tsx';
import { CheckGroupField } from '~/ui/form/choice-fields.tsx';
import { CheckField, SelectField, TextField } from '~/ui/form/fields.tsx';
import { submitOnModEnter } from '~/ui/form/submit-on-mod-enter.ts';
import { useForm } from '~/ui/form/use-form.ts';
import { input as inputCss } from '~/ui/input.tsx';
import { insertPlaceholder, PlaceholderChips } from './placeholder-chips.tsx';
import { notificationRolesQuery } from './schemas-api.ts';
import { SchemaPreview } from './schemas-preview.tsx';

type Values = {
  event: string;
  name: string;
  title_template: string;
  body_template: string;
  in_app: boolean;
  sms: boolean;
  to_subjects: boolean;
  role_ids: string[];
  active: boolean;
};
type Template = 'title_template' | 'body_template';
const TEMPLATE_NAMES: Record<Template, string> = { title_template: 'عنوان', body_template: 'متن' };

const layout = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: '3fr 2fr' },
  mt: '3',
});
const column = css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' });
const group = css({ display: 'flex', flexDirection: 'column', gap: '1', border: 0, m: 0, p: 0 });
const legend = css({ fontSize: '13px', fontWeight: '500', p: 0, mb: '1' });
const inline = css({ display: 'flex', gap: '4', flexWrap: 'wrap' });
const muted = css({ fontSize: '12px', color: 'muted' });
const errorCss = css({ fontSize: '12px', color: 'danger', m: 0 });
const buttons = css({ display: 'flex', gap: '2', justifyContent: 'flex-end', mt: '3' });
const eventOptions = NOTIFICATION_EVENTS.map((e) => ({ value: e, label: NOTIFICATION_EVENT_TITLES[e] }));

/** A new schema's values, or the row's as the form holds them (role ids as text, for the checkboxes). */
const initialOf = (row: NotificationSchemaRow | null): Values => ({
  event: row?.event ?? NOTIFICATION_EVENTS[0],
  name: row?.name ?? '',
  title_template: row?.title_template ?? '',
  body_template: row?.body_template ?? '',
  in_app: row?.in_app ?? true,
  sms: row?.sms ?? false,
  to_subjects: row?.to_subjects ?? true,
  role_ids: (row?.role_ids ?? []).map(String),
  active: row?.active ?? true,
});

/**
 * A notification schema's dialog: the event, the name, the two templates with the event's
 * placeholders as chips (inserted at the caret of the template focused last), the channels, the
 * recipients (the event's own, and roles from the server), and beside them the preview rendered
 * with the placeholders' samples, with the SMS's parts when SMS is on. Checked with the contract's
 * schema as the server checks it; Ctrl/⌘+Enter saves, Esc closes.
 */
export function NotificationSchemaEditor({ row, save, onClose, onSaved }: EntityEditorProps) {
  const schema = row as NotificationSchemaRow | null;
  const form = useForm<Values, unknown>({
    initial: initialOf(schema),
    schema: notificationSchemaInput,
    prepare: (v) => ({ ...v, role_ids: v.role_ids.map(Number) }),
    save: (body) => save(body as Record<string, unknown>),
    onSaved,
  });
  const roles = useQuery(notificationRolesQuery);
  const { values: v } = form;
  const info = NOTIFICATION_EVENT_INFO[isNotificationEvent(v.event) ? v.event : NOTIFICATION_EVENTS[0]];
  const [target, setTarget] = useState<Template>('title_template');
  const formRef = useRef<HTMLFormElement>(null);
  const refs = {
    title_template: useRef<HTMLInputElement>(null),
    body_template: useRef<HTMLTextAreaElement>(null),
  };
  const insert = (name: string) =>
    insertPlaceholder(refs[target].current, v[target], name, (next) => form.set(target, next));
  const title = schema ? `ویرایش الگوی اعلان «${schema.name}»` : 'الگوی اعلان تازه';
  const max = `حداکثر ${toPersianDigits(TEMPLATE_MAX)} نویسه`;
  const templateProps = (t: Template) => ({
    name: t,
    value: v[t],
    maxLength: TEMPLATE_MAX,
    onFocus: () => setTarget(t),
    onChange: (e: { target: { value: string } }) => form.set(t, e.target.value),
  });
  const roleOptions = (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.title }));
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={title}
      size="lg"
      initialFocus={() => formRef.current?.querySelector<HTMLElement>('[name=event]') ?? null}
    >
      <form
        ref={formRef}
        onSubmit={(e) => void form.submit(e)}
        onKeyDown={submitOnModEnter(form.submit)}
        noValidate
        aria-label={title}
      >
        <div className={layout}>
          <div className={column}>
            <SelectField
              label="رویداد"
              {...form.field('event')}
              options={eventOptions}
              empty={null}
              required
            />
            <TextField
              label="نام الگو"
              {...form.field('name')}
              required
              maxLength={80}
              hint="یکتا، حداکثر ۸۰ نویسه"
            />
            <Field label="الگوی عنوان" required error={form.error('title_template')} hint={max}>
              <input
                ref={refs.title_template}
                className={inputCss()}
                autoComplete="off"
                {...templateProps('title_template')}
              />
            </Field>
            <Field label="الگوی متن" error={form.error('body_template')} hint={`${max}؛ می‌تواند خالی باشد`}>
              <textarea
                ref={refs.body_template}
                className={inputCss({ multiline: true })}
                rows={3}
                {...templateProps('body_template')}
              />
            </Field>
            <PlaceholderChips
              placeholders={info.placeholders}
              target={TEMPLATE_NAMES[target]}
              onInsert={insert}
            />
            <fieldset className={group}>
              <legend className={legend}>راه‌های اعلان</legend>
              <div className={inline}>
                <CheckField
                  label="درون سامانه"
                  name="in_app"
                  checked={v.in_app}
                  onChange={(x) => form.set('in_app', x)}
                />
                <CheckField label="پیامک" name="sms" checked={v.sms} onChange={(x) => form.set('sms', x)} />
              </div>
              {form.error('in_app') && (
                <span role="alert" className={errorCss}>
                  {form.error('in_app')}
                </span>
              )}
            </fieldset>
            <fieldset className={group}>
              <legend className={legend}>گیرندگان</legend>
              <CheckField
                label="گیرندگان خود رویداد"
                name="to_subjects"
                checked={v.to_subjects}
                onChange={(x) => form.set('to_subjects', x)}
              />
              <span className={muted}>{info.subjects}</span>
              <CheckGroupField
                label="و دارندگان این نقش‌ها"
                options={roleOptions}
                value={v.role_ids}
                onChange={(x) => form.set('role_ids', x)}
                error={form.error('role_ids') ?? (roles.isError ? 'فهرست نقش‌ها بارگیری نشد' : undefined)}
              />
            </fieldset>
            <CheckField
              label="فعال (رویداد با این الگو اعلان می‌دهد)"
              name="active"
              checked={v.active}
              onChange={(x) => form.set('active', x)}
            />
          </div>
          <SchemaPreview
            title={v.title_template}
            body={v.body_template}
            sms={v.sms}
            placeholders={info.placeholders}
          />
        </div>
        {form.errors._?.[0] && (
          <p role="alert" className={errorCss}>
            {form.errors._[0]}
          </p>
        )}
        <div className={buttons}>
          <Button onClick={onClose} disabled={form.busy}>
            انصراف
          </Button>
          <Button type="submit" tone="primary" disabled={form.busy} shortcut="$mod+Enter">
            ذخیره
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
