import { provisionEntity, provisionInput } from '~/contract/resume.ts';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';
import { useListRoute } from '~/ui/entity/use-list-route.ts';
import { ActiveBadge, inUseNotice } from './labels.tsx';

const cells = { active: (r: Record<string, unknown>) => <ActiveBadge active={!!r.active} /> };

/**
 * /resume/provisions (`resumes.manage`): the provisions every applicant accepts at step 4 of the
 * resume; N new, E or Enter edit, A activate or deactivate, Delete delete (refused once accepted).
 */
export function ProvisionsScreen() {
  const route = useListRoute('/resume/provisions');
  return (
    <EntityListScreen
      entity={provisionEntity}
      {...route}
      description="تعهدهایی که متقاضی در مرحله چهارم رزومه می‌پذیرد؛ تعهد پذیرفته‌شده را به‌جای حذف غیرفعال کنید"
      emptyText="هنوز تعهدی تعریف نشده است"
      cells={cells}
      schema={provisionInput}
      removeNotice={inUseNotice}
    />
  );
}
