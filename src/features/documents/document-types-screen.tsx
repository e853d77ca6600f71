import { documentTypeEntity } from '~/contract/document-types.ts';
import { entityScreen } from '~/ui/entity/entity-screen.tsx';
import { formatNumber } from '~/ui/format.ts';
import { formatBytes } from './format.ts';

/**
 * /management/document-types/list (permission management.system): the types documents are filed
 * under. N new, E or Enter edit, Delete delete (refused with a message while documents use it).
 */
export const DocumentTypesScreen = entityScreen('/management/document-types/list', documentTypeEntity, {
  cells: { max_bytes: (r) => formatBytes(Number(r.max_bytes)) },
  removeNotice: (r, name) =>
    Number(r.uses) > 0
      ? `«${name}» برای ${formatNumber(Number(r.uses))} مستند به کار رفته است و تا آن‌ها هستند حذف نمی‌شود.`
      : `«${name}» برای همیشه حذف می‌شود.`,
});
