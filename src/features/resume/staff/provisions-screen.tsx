import { provisionEntity } from '~/contract/resume-texts.ts';
import { entityScreen } from '~/ui/entity/entity-screen.tsx';
import { ActiveBadge, inUseNotice } from './labels.tsx';

/**
 * /resume/provisions (`resumes.manage`): the provisions every applicant accepts at step 4 of the
 * resume; N new, E or Enter edit, A activate or deactivate, Delete delete (refused once accepted).
 */
export const ProvisionsScreen = entityScreen('/resume/provisions', provisionEntity, {
  cells: { active: (r) => <ActiveBadge active={!!r.active} /> },
  removeNotice: inUseNotice,
});
