import { termEntity } from '~/contract/resume-texts.ts';
import { Badge } from '~/ui/badge.tsx';
import { entityScreen } from '~/ui/entity/entity-screen.tsx';
import { ActiveBadge, inUseNotice } from './labels.tsx';

/**
 * /resume/terms (`resumes.manage`): the term-and-condition questions asked at step 5 of the
 * resume; N new, E or Enter edit, A activate or deactivate, Delete delete (refused once
 * answered). A question is named in messages by its first 40 characters.
 */
export const TermsScreen = entityScreen('/resume/terms', termEntity, {
  cells: {
    required: (r) => (r.required ? <Badge tone="accent">الزامی</Badge> : 'اختیاری'),
    active: (r) => <ActiveBadge active={!!r.active} />,
  },
  nameOf: ({ question: q }) => (String(q).length > 40 ? `${String(q).slice(0, 40)}…` : String(q)),
  removeNotice: inUseNotice,
});
