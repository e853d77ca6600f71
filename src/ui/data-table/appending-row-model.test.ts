import { batch, createAtom } from '@tanstack/react-store';
import { constructTable } from '@tanstack/react-table';
// The reactivity React's useTable plugs in, here without React (both come with react-table).
import { renderPhaseReactivity } from '@tanstack/table-core/reactivity';
import { describe, expect, it } from 'vitest';
import { columnHelper, dataTableFeatures } from './columns.ts';

interface Item {
  id: number;
  name: string;
}
const col = columnHelper<Item>();
const columns = col.columns([col.accessor('name', { header: 'نام' })]);
const items = (from: number, to: number): Item[] =>
  Array.from({ length: to - from }, (_, i) => ({ id: from + i, name: `شرکت ${from + i}` }));

function tableOf(data: Item[]) {
  // useTable adds the reactivity feature the same way; the features type does not name it
  const features = {
    ...dataTableFeatures,
    coreReactivityFeature: renderPhaseReactivity({ createAtom, batch }),
  };
  const table = constructTable({
    features: features as typeof dataTableFeatures,
    columns,
    data,
    getRowId: (r: Item) => String(r.id),
  });
  return {
    table,
    setData(next: Item[]) {
      table.setOptions((o) => ({ ...o, data: next }));
    },
  };
}

describe('the appending core row model', () => {
  it('keeps the Row objects of loaded pages and builds only the appended ones', () => {
    const page1 = items(0, 50);
    const { table, setData } = tableOf(page1);
    const first = table.getRowModel().rows;
    expect(first.map((r) => r.id)).toEqual(page1.map((r) => String(r.id)));

    const both = [...page1, ...items(50, 550)];
    setData(both);
    const second = table.getRowModel().rows;
    expect(second).toHaveLength(550);
    expect(second).not.toBe(first);
    // the first page's rows are the same objects; the new ones are indexed after them
    for (let i = 0; i < 50; i++) expect(second[i]).toBe(first[i]);
    expect(second[50]!.index).toBe(50);
    expect(second[549]!.id).toBe('549');
    expect(second[549]!.getValue('name')).toBe('شرکت 549');
    expect(table.getRowModel().rowsById['300']).toBe(second[300]);
    expect(table.getRowModel().rowsById['10']).toBe(first[10]);
  });

  it('builds afresh when the data is not the old data with rows appended', () => {
    const page1 = items(0, 50);
    const { table, setData } = tableOf(page1);
    const first = table.getRowModel().rows;
    // a new sort: other objects, or the same objects in another order
    setData([...page1].reverse());
    const reversed = table.getRowModel().rows;
    expect(reversed[0]!.id).toBe('49');
    expect(reversed[0]).not.toBe(first[49]);
    expect(table.getRowModel().rowsById['0']!.index).toBe(49);
    // fewer rows (a filter): nothing of the old model is left over
    setData(items(0, 10));
    expect(table.getRowModel().rows).toHaveLength(10);
    expect(table.getRowModel().rowsById['20']).toBeUndefined();
  });

  it('answers the same model while the data is the same array', () => {
    const { table } = tableOf(items(0, 5));
    expect(table.getRowModel()).toBe(table.getRowModel());
  });
});
