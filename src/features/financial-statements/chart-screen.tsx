import { statementItemEntity } from '~/contract/statement-items.ts';
import { Badge } from '~/ui/badge.tsx';
import { entityScreen } from '~/ui/entity/entity-screen.tsx';

/**
 * /performance/financial-statement/items: the chart of line items statements are entered, checked
 * and imported with. N new, E or Enter edit, A activate/deactivate, Delete delete (refused with a
 * message for a builtin item, one with items under it, or one a statement holds).
 */
export const StatementItemsScreen = entityScreen(
  '/performance/financial-statement/items',
  statementItemEntity,
  {
    cells: {
      builtin: (r) => (r.builtin ? <Badge tone="neutral">پایه</Badge> : null),
    },
    removeNotice: (r, name) =>
      r.builtin
        ? `«${name}» از اقلام پایه است و حذف نمی‌شود؛ غیرفعالش کنید.`
        : `«${name}» برای همیشه حذف می‌شود؛ اگر صورت مالی‌ای آن را دارد، حذف پذیرفته نمی‌شود.`,
  },
);
