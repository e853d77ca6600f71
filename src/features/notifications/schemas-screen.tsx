import { css } from 'styled-system/css';
import { NOTIFICATION_EVENT_TITLES, notificationSchemaEntity } from '~/contract/notification-schemas.ts';
import { Badge } from '~/ui/badge.tsx';
import { entityScreen } from '~/ui/entity/entity-screen.tsx';
import { EMPTY } from '~/ui/format.ts';
import { NotificationSchemaEditor } from './schemas-editor.tsx';

const cut = css({ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
const tag = css({ fontFamily: 'mono, monospace', fontSize: '12px', color: 'muted' });
const badges = css({ display: 'inline-flex', gap: '1' });

/**
 * A template as a cell: each `{{name}}` isolated left to right (in a right-to-left line its braces
 * would otherwise be drawn around the wrong words), the whole text on hover.
 */
function TemplateCell({ text }: { text: string }) {
  if (!text) return EMPTY;
  return (
    <span className={cut} title={text}>
      {text.split(/(\{\{[^}]*\}\})/).map((part, i) =>
        part.startsWith('{{') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <bdi key={i} dir="ltr" className={tag}>
            {part}
          </bdi>
        ) : (
          part
        ),
      )}
    </span>
  );
}

const yesNo = (on: unknown) => (on ? <Badge tone="success">بله</Badge> : <Badge>خیر</Badge>);

/**
 * /notifications/schemas (permission notifications): which event notifies whom, how, with what
 * text. N new, E or Enter opens the editor (placeholders as chips, a live preview, the SMS's
 * parts), A turns a schema on or off, Delete deletes.
 */
export const NotificationSchemasScreen = entityScreen('/notifications/schemas', notificationSchemaEntity, {
  cells: {
    title_template: (r) => <TemplateCell text={String(r.title_template ?? '')} />,
    in_app: (r) => (
      <span className={badges}>
        {r.in_app ? <Badge tone="success">درون سامانه</Badge> : null}
        {r.sms ? <Badge tone="accent">پیامک</Badge> : null}
      </span>
    ),
    to_subjects: (r) => yesNo(r.to_subjects),
    active: (r) => yesNo(r.active),
  },
  editor: (p) => <NotificationSchemaEditor {...p} />,
  removeNotice: (r, name) =>
    `«${name}» برای همیشه حذف می‌شود؛ رویداد «${NOTIFICATION_EVENT_TITLES[r.event as keyof typeof NOTIFICATION_EVENT_TITLES] ?? r.event}» دیگر با آن اعلان نمی‌دهد.`,
});
