import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { css } from 'styled-system/css';
import {
  type MessageCreateInput,
  type MessageRow,
  messageCreateInput,
} from '~/contract/notification-messages.ts';
import { MESSAGE_PLACEHOLDERS } from '~/domain/notifications/events.ts';
import { TEMPLATE_MAX } from '~/domain/notifications/template.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import { Field } from '~/ui/field.tsx';
import { CheckField } from '~/ui/form/fields.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { formatNumber } from '~/ui/format.ts';
import { input as inputCss } from '~/ui/input.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { toast } from '~/ui/toaster.tsx';
import {
  createMessage,
  fetchMessage,
  messageKeys,
  previewQuery,
  sendMessage,
  updateMessage,
} from './messages-api.ts';
import {
  AudienceFields,
  type AudienceValues,
  audienceOf,
  type PersonsAudience,
} from './messages-audience.tsx';
import { MessagePreviewPanel } from './messages-preview.tsx';
import { insertPlaceholder, PlaceholderChips } from './placeholder-chips.tsx';

type Values = { title: string; audience: AudienceValues; template: string; in_app: boolean };

const layout = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: '3fr 2fr' },
  mt: '3',
});
const column = css({ display: 'flex', flexDirection: 'column', gap: '3', minW: '0' });
const errorCss = css({ fontSize: '12px', color: 'danger', m: 0 });
const buttons = css({ display: 'flex', gap: '2', justifyContent: 'flex-end', mt: '3', flexWrap: 'wrap' });

/** The form's values of `row`, or a new message's (with the persons audience it was opened with). */
function initialOf(row: MessageRow | null, persons: PersonsAudience | null): Values {
  const a = row?.audience;
  return {
    title: row?.title ?? '',
    template: row?.template ?? '',
    in_app: row?.in_app ?? false,
    audience: {
      kind: a?.kind ?? (persons ? 'persons' : 'roles'),
      role_ids: a?.kind === 'roles' ? a.role_ids.map(String) : [],
      user_ids: a?.kind === 'users' ? a.user_ids : [],
      persons: a?.kind === 'persons' ? a : persons,
    },
  };
}

export interface MessageComposerProps {
  /** The message to open (a draft to edit, a sent one to read), or null for a new one. */
  id: number | null;
  /** A persons audience brought from the true persons list (by URL). */
  persons: PersonsAudience | null;
  onClose(): void;
}

/** The composer of a new message, or of message `id` once loaded. */
export function MessageComposer({ id, persons, onClose }: MessageComposerProps) {
  const row = useQuery({
    queryKey: [...messageKeys.all, 'one', id],
    queryFn: ({ signal }) => fetchMessage(id!, signal),
    enabled: id !== null,
  });
  if (id !== null && !row.data)
    return (
      <Dialog open onOpenChange={(o) => !o && onClose()} title="پیامک" size="lg">
        {row.isError ? <p role="alert">این پیام یافت نشد.</p> : <SkeletonRows rows={6} columns={2} />}
      </Dialog>
    );
  return <ComposerForm row={row.data ?? null} persons={persons} onClose={onClose} />;
}

/**
 * The composer: title, audience, the template with the placeholders as chips (inserted at the
 * caret), in-app for users and roles, and beside them the live preview. «ذخیره پیش‌نویس» saves
 * (Ctrl/⌘+S), «ارسال» asks with the recipient count and sends (Ctrl/⌘+Enter); Esc closes. A sent
 * message opens read only.
 */
function ComposerForm({
  row,
  persons,
  onClose,
}: {
  row: MessageRow | null;
  persons: PersonsAudience | null;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const sent = row?.status === 'sent';
  const mode = useRef<'draft' | 'send'>('draft');
  const [confirming, setConfirming] = useState(false);
  const templateRef = useRef<HTMLTextAreaElement>(null);
  const form = useForm<Values, MessageCreateInput, MessageRow>({
    initial: initialOf(row, persons),
    schema: messageCreateInput,
    prepare: (v) => ({ ...v, audience: audienceOf(v.audience), send: mode.current === 'send' && !row }),
    save: async (body) => {
      const { send: _send, ...message } = body;
      if (!row) return createMessage(body);
      const saved = await updateMessage(row.id, message);
      return mode.current === 'send' ? sendMessage(row.id) : saved;
    },
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      toast.positive(
        saved.status === 'sent'
          ? `پیامک «${saved.title}» به ${formatNumber(saved.recipient_count ?? 0)} گیرنده فرستاده شد`
          : `پیش‌نویس «${saved.title}» ذخیره شد`,
      );
      onClose();
    },
  });
  const v = form.values;
  const audience = audienceOf(v.audience);
  const previewInput = { audience, template: v.template, in_app: v.in_app };
  const preview = useQuery({ ...previewQuery(previewInput), enabled: false });
  const insert = (name: string) =>
    insertPlaceholder(templateRef.current, v.template, name, (next) => form.set('template', next));
  const save = () => {
    mode.current = 'draft';
    void form.submit();
  };
  const askSend = () => setConfirming(true);
  const send = async () => {
    mode.current = 'send';
    await form.submit();
    setConfirming(false);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (sent || !(e.ctrlKey || e.metaKey)) return;
    if (e.code === 'Enter') {
      e.preventDefault();
      askSend();
    } else if (e.code === 'KeyS') {
      e.preventDefault();
      save();
    }
  };
  const audienceError =
    form.error('audience') ??
    form.error('audience.role_ids') ??
    form.error('audience.user_ids') ??
    form.error('audience.ids');
  const title = row ? (sent ? `پیامک «${row.title}»` : `ویرایش پیش‌نویس «${row.title}»`) : 'پیامک تازه';
  // the count the confirmation names: the live preview's (its query, read from the cache)
  const count = preview.data;
  return (
    <Dialog open onOpenChange={(o) => !o && !form.busy && onClose()} title={title} size="lg">
      <form onSubmit={(e) => e.preventDefault()} onKeyDown={onKeyDown} noValidate aria-label={title}>
        <div className={layout}>
          <div className={column}>
            <Field label="عنوان" required error={form.error('title')}>
              <input
                name="title"
                className={inputCss()}
                autoComplete="off"
                maxLength={120}
                value={v.title}
                disabled={sent}
                onChange={(e) => form.set('title', e.target.value)}
              />
            </Field>
            <AudienceFields
              value={v.audience}
              onChange={(a) => form.set('audience', a)}
              error={audienceError}
              readOnly={sent}
            />
            <Field
              label="متن پیام"
              required
              error={form.error('template')}
              hint={`حداکثر ${toPersianDigits(TEMPLATE_MAX)} نویسه؛ جای‌نگه‌دارها برای هر گیرنده پر می‌شوند`}
            >
              <textarea
                ref={templateRef}
                name="template"
                className={inputCss({ multiline: true })}
                rows={4}
                maxLength={TEMPLATE_MAX}
                value={v.template}
                disabled={sent}
                onChange={(e) => form.set('template', e.target.value)}
              />
            </Field>
            {!sent && (
              <PlaceholderChips
                placeholders={MESSAGE_PLACEHOLDERS}
                legendText="جای‌نگه‌دارها"
                onInsert={insert}
              />
            )}
            {v.audience.kind !== 'persons' && (
              <CheckField
                label="اعلان درون سامانه هم فرستاده شود"
                name="in_app"
                checked={v.in_app}
                onChange={(x) => !sent && form.set('in_app', x)}
              />
            )}
          </div>
          <MessagePreviewPanel input={previewInput} />
        </div>
        {form.errors._?.[0] && (
          <p role="alert" className={errorCss}>
            {form.errors._[0]}
          </p>
        )}
        <div className={buttons}>
          <Button onClick={onClose} disabled={form.busy}>
            {sent ? 'بستن' : 'انصراف'}
          </Button>
          {!sent && (
            <>
              <Button onClick={save} disabled={form.busy} shortcut="$mod+KeyS">
                ذخیره پیش‌نویس
              </Button>
              <Button tone="primary" onClick={askSend} disabled={form.busy} shortcut="$mod+Enter">
                ارسال
              </Button>
            </>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => !o && !form.busy && setConfirming(false)}
        busy={form.busy}
        title={
          count
            ? `پیامک به ${formatNumber(count.with_mobile)} گیرنده فرستاده شود؟`
            : 'پیامک به گیرندگان فرستاده شود؟'
        }
        description={
          count
            ? `از ${formatNumber(count.recipients)} گیرنده، ${formatNumber(count.with_mobile)} نفر شماره همراه دارند. پس از ارسال، پیام را نمی‌توان ویرایش کرد.`
            : 'پس از ارسال، پیام را نمی‌توان ویرایش کرد.'
        }
        confirmLabel="ارسال"
        onConfirm={send}
      />
    </Dialog>
  );
}
