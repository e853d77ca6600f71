import { labelEntity } from '~/contract/label-entity.ts';
import { type Label, labelInput } from '~/contract/labels.ts';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';
import { useListRoute } from '~/ui/entity/use-list-route.ts';
import { formatNumber } from '~/ui/format.ts';
import { Chip } from '~/ui/label-chips.tsx';

type Row = Record<string, unknown>;

/** A label's own cells: its name as the chip records show, its colour code left to right. */
const cells = {
  name: (r: Row) => <Chip label={r as unknown as Label} />,
  color: (r: Row) => <span dir="ltr">{String(r.color)}</span>,
};

/**
 * /label-list (permission `labels`): the labels staff set on records; N new, E or Enter edit,
 * Delete delete (the label leaves the records carrying it).
 */
export function LabelListScreen() {
  const route = useListRoute('/label-list');
  return (
    <EntityListScreen
      entity={labelEntity}
      {...route}
      description="برچسب‌هایی که روی اشخاص حقوقی و حقیقی گذاشته می‌شوند"
      emptyText="هنوز برچسبی تعریف نشده است"
      cells={cells}
      schema={labelInput}
      removeNotice={(r, name) =>
        `«${name}» حذف و از ${formatNumber(Number(r.uses))} رکوردی که آن را دارند برداشته می‌شود.`
      }
      removedToast={(_, name, { unlinked }) =>
        `برچسب «${name}» حذف شد${unlinked ? ` و از ${formatNumber(Number(unlinked))} رکورد برداشته شد` : ''}`
      }
    />
  );
}
