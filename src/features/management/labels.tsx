import { Badge, type BadgeProps } from '~/ui/badge.tsx';
import type { UserStatus } from './api.ts';

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: 'فعال',
  waiting: 'در انتظار تأیید',
  deactivated: 'غیرفعال',
};

const TONES: Record<UserStatus, BadgeProps['tone']> = {
  active: 'success',
  waiting: 'warning',
  deactivated: 'neutral',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  return <Badge tone={TONES[status]}>{USER_STATUS_LABELS[status] ?? status}</Badge>;
}

/** Persian names of the permission groups (the first part of an ident). */
const GROUP_LABELS: Record<string, string> = {
  dashboard: 'داشبورد',
  person: 'اشخاص',
  ownership: 'مالکیت',
  contracts: 'قراردادها',
  circulars: 'بخشنامه‌ها',
  contacts: 'پیام‌های تماس',
  assets: 'دارایی‌ها',
  labels: 'برچسب‌ها',
  industries: 'صنایع',
  performance: 'ارزیابی عملکرد',
  financial: 'مالی',
  projects: 'پروژه‌ها',
  documents: 'اسناد',
  issues: 'موضوعات',
  assemblies: 'مجامع',
  workflow: 'گردش کار',
  exports: 'صادرات',
  resumes: 'رزومه‌ها',
  notifications: 'اعلان‌ها',
  management: 'مدیریت',
  logs: 'گزارش‌ها',
  profile: 'نمایه',
};

export const groupLabel = (group: string) => GROUP_LABELS[group] ?? group;

export const roleTypeLabel = (type: string) => (type === 'super_admin' ? 'مدیر کل (همه دسترسی‌ها)' : 'کارمند');
