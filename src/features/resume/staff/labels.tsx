import { REVIEW_STATUS_LABELS, type ReviewStatus } from '~/contract/resume.ts';
import { Badge, type BadgeProps } from '~/ui/badge.tsx';

const TONES: Record<ReviewStatus, BadgeProps['tone']> = {
  received: 'neutral',
  under_review: 'warning',
  shortlisted: 'success',
  rejected: 'danger',
};

/** A resume's review status as a badge (a tone per status, the label always spelled out). */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <Badge tone={TONES[status] ?? 'neutral'}>{REVIEW_STATUS_LABELS[status] ?? status}</Badge>;
}

/** Active or not, for the questions and provisions. */
export function ActiveBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'فعال' : 'غیرفعال'}</Badge>;
}

export const fullName = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`;

/** The delete confirmation of a question or provision: one answered or accepted stays. */
export const inUseNotice = (_: unknown, name: string) =>
  `«${name}» برای همیشه حذف می‌شود. اگر متقاضیان به آن پاسخ داده یا آن را پذیرفته باشند حذف نمی‌شود؛ آن را غیرفعال کنید.`;
