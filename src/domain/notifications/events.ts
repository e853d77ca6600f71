import type { Placeholder } from './template.ts';

/**
 * The events that notify (issue 18), each with the people it concerns (its "subjects") and the
 * placeholders its notification schemas' templates may use. What is sent, on which channel and
 * to which roles besides the subjects is staff's choice: the notification schemas
 * (/notifications/schemas). The product's defaults are seeded by migration 0018.
 */

export const NOTIFICATION_EVENTS = [
  'issue.assigned',
  'issue.letter_added',
  'issue.due_passed',
  'issue.woken',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export interface NotificationEventInfo {
  /** Persian name, as the schemas' form and list show it. */
  title: string;
  /** Who the event's subjects are (Persian), for the form's «گیرندگان خود رویداد». */
  subjects: string;
  placeholders: readonly Placeholder[];
}

const issueTitle: Placeholder = {
  name: 'issue_title',
  label: 'عنوان موضوع',
  sample: 'کسری سرمایه در صورت‌های مالی ۱۴۰۳',
};
const issueNumber: Placeholder = { name: 'issue_number', label: 'شماره موضوع', sample: '۱۲۴' };
const objectName: Placeholder = {
  name: 'object_name',
  label: 'نام پرونده',
  sample: 'شرکت ملی پخش فرآورده‌های نفتی',
};

export const NOTIFICATION_EVENT_INFO: Readonly<Record<NotificationEvent, NotificationEventInfo>> = {
  'issue.assigned': {
    title: 'ارجاع موضوع',
    subjects: 'کاربری که موضوع به او ارجاع شده است',
    placeholders: [
      { name: 'count', label: 'شمار موضوع‌ها', sample: '۱' },
      { name: 'issues', label: 'عنوان موضوع‌ها', sample: '«کسری سرمایه در صورت‌های مالی ۱۴۰۳»' },
      { name: 'assigned_by', label: 'ارجاع‌دهنده', sample: 'مریم احمدی' },
    ],
  },
  'issue.letter_added': {
    title: 'نامه تازه در موضوع',
    subjects: 'دنبال‌کنندگان موضوع، جز نویسنده نامه',
    placeholders: [
      issueTitle,
      issueNumber,
      objectName,
      { name: 'letter_number', label: 'شماره نامه', sample: '۱۴۰۵/و/۱۷' },
      { name: 'letter_subject', label: 'موضوع نامه', sample: 'پاسخ به استعلام' },
      { name: 'direction', label: 'وارده یا صادره', sample: 'وارده' },
      { name: 'author', label: 'ثبت‌کننده نامه', sample: 'مریم احمدی' },
    ],
  },
  'issue.due_passed': {
    title: 'گذشتن مهلت موضوع',
    subjects: 'مسئول و دنبال‌کنندگان موضوع',
    placeholders: [
      issueTitle,
      issueNumber,
      objectName,
      { name: 'due_date', label: 'مهلت', sample: '۱۴۰۵/۰۹/۰۱' },
    ],
  },
  'issue.woken': {
    title: 'پایان تعویق موضوع',
    subjects: 'مسئول و دنبال‌کنندگان موضوع',
    placeholders: [
      issueTitle,
      issueNumber,
      objectName,
      { name: 'snoozed_until', label: 'تعویق تا', sample: '۱۴۰۵/۰۹/۰۱' },
    ],
  },
};

export const isNotificationEvent = (v: string): v is NotificationEvent =>
  (NOTIFICATION_EVENTS as readonly string[]).includes(v);

/**
 * The placeholders of a staff-sent message (/notifications/sms), filled per recipient: a user's
 * or a person's name. Staff-sent messages have no record behind them, so nothing else.
 */
export const MESSAGE_PLACEHOLDERS: readonly Placeholder[] = [
  { name: 'name', label: 'نام و نام خانوادگی', sample: 'مریم احمدی' },
  { name: 'first_name', label: 'نام', sample: 'مریم' },
  { name: 'last_name', label: 'نام خانوادگی', sample: 'احمدی' },
];
