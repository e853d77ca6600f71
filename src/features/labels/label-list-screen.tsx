import { labelEntity } from '~/contract/label-entity.ts';
import type { Label } from '~/contract/labels.ts';
import { entityScreen } from '~/ui/entity/entity-screen.tsx';
import { formatNumber } from '~/ui/format.ts';
import { Chip } from '~/ui/label-chips.tsx';

type Row = Record<string, unknown>;

/**
 * /label-list (permission `labels`): the labels staff set on records; N new, E or Enter edit,
 * Delete delete (the label leaves the records carrying it, as the confirmation and toast say).
 * The name is shown as the chip records show, the colour code left to right.
 */
export const LabelListScreen = entityScreen('/label-list', labelEntity, {
  cells: {
    name: (r: Row) => <Chip label={r as unknown as Label} />,
    color: (r: Row) => <span dir="ltr">{String(r.color)}</span>,
  },
  removeNotice: (r, name) =>
    `«${name}» حذف و از ${formatNumber(Number(r.uses))} رکوردی که آن را دارند برداشته می‌شود.`,
  removedToast: (_, name, { unlinked }) =>
    `برچسب «${name}» حذف شد${unlinked ? ` و از ${formatNumber(Number(unlinked))} رکورد برداشته شد` : ''}`,
});
