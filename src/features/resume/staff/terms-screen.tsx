import { termConditionInput, termEntity } from '~/contract/resume.ts';
import { Badge } from '~/ui/badge.tsx';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';
import { useListRoute } from '~/ui/entity/use-list-route.ts';
import { ActiveBadge, inUseNotice } from './labels.tsx';

type Row = Record<string, unknown>;

const cells = {
  required: (r: Row) => (r.required ? <Badge tone="accent">الزامی</Badge> : 'اختیاری'),
  active: (r: Row) => <ActiveBadge active={!!r.active} />,
};

/** A question in messages: its first 40 characters. */
const nameOf = (r: Row) => {
  const q = String(r.question);
  return q.length > 40 ? `${q.slice(0, 40)}…` : q;
};

/**
 * /resume/terms (`resumes.manage`): the term-and-condition questions asked at step 5 of the
 * resume; N new, E or Enter edit, A activate or deactivate, Delete delete (refused once answered).
 */
export function TermsScreen() {
  const route = useListRoute('/resume/terms');
  return (
    <EntityListScreen
      entity={termEntity}
      {...route}
      description="پرسش‌ها و شرایطی که متقاضی در مرحله پنجم رزومه پاسخ می‌دهد؛ پرسش پاسخ‌داده را به‌جای حذف غیرفعال کنید"
      emptyText="هنوز پرسشی تعریف نشده است"
      cells={cells}
      schema={termConditionInput}
      nameOf={nameOf}
      removeNotice={inUseNotice}
    />
  );
}
