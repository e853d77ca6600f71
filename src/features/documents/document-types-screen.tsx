import { documentTypeEntity } from '~/contract/document-types.ts';
import { documentTypeInput } from '~/contract/documents.ts';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';
import { useListRoute } from '~/ui/entity/use-list-route.ts';
import { formatNumber } from '~/ui/format.ts';
import { formatBytes } from './format.ts';

const FROM = '/management/document-types/list';
const cells = { max_bytes: (r: Record<string, unknown>) => formatBytes(Number(r.max_bytes)) };

/**
 * /management/document-types/list (permission management.system): the types documents are filed
 * under. N new, E or Enter edit, Delete delete (refused with a message while documents use it).
 */
export function DocumentTypesScreen() {
  const route = useListRoute(FROM);
  return (
    <EntityListScreen
      entity={documentTypeEntity}
      {...route}
      description="نوع‌هایی که مستندات اشخاص حقوقی و حقیقی زیر آن‌ها بایگانی می‌شوند، با حداکثر حجم و نوع پرونده"
      emptyText="هنوز نوع مستندی تعریف نشده است"
      cells={cells}
      schema={documentTypeInput}
      removeNotice={(r, name) =>
        Number(r.uses) > 0
          ? `«${name}» برای ${formatNumber(Number(r.uses))} مستند به کار رفته است و تا آن‌ها هستند حذف نمی‌شود.`
          : `«${name}» برای همیشه حذف می‌شود.`
      }
    />
  );
}
