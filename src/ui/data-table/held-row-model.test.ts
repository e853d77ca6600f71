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

describe('the held core row model', () => {
  it('keeps the Row of every row object still in the data and builds only the new ones', () => {
    const block0 = items(0, 100);
    const { table, setData } = tableOf(block0);
    const first = table.getRowModel().rows;
    expect(first.map((r) => r.id)).toEqual(block0.map((r) => String(r.id)));

    // a far block arrives
    const block9 = items(900, 1000);
    setData([...block0, ...block9]);
    const second = table.getRowModel().rows;
    expect(second).toHaveLength(200);
    expect(second).not.toBe(first);
    for (let i = 0; i < 100; i++) expect(second[i]).toBe(first[i]);
    expect(second[150]!.getValue('name')).toBe('شرکت 950');
    expect(table.getRowModel().rowsById['950']).toBe(second[150]);

    // block 0 is let go, then read again: new objects, new Rows; block 9's stay
    const again = items(0, 100);
    setData([...again, ...block9]);
    const third = table.getRowModel().rows;
    expect(third[0]).not.toBe(first[0]);
    expect(third[0]!.id).toBe('0');
    expect(third[150]).toBe(second[150]);
    expect(table.getRowModel().rowsById['10']).toBe(third[10]);
  });

  it('builds afresh rows whose objects are new, and forgets rows no longer held', () => {
    const block0 = items(0, 50);
    const { table, setData } = tableOf(block0);
    const first = table.getRowModel().rows;
    setData(items(0, 10));
    expect(table.getRowModel().rows).toHaveLength(10);
    expect(table.getRowModel().rows[0]).not.toBe(first[0]);
    expect(table.getRowModel().rowsById['20']).toBeUndefined();
    // the same objects in another order keep their Rows
    setData([...block0].reverse());
    const reversed = table.getRowModel().rows;
    expect(reversed[0]!.id).toBe('49');
  });

  it('answers the same model while the data is the same array', () => {
    const { table } = tableOf(items(0, 5));
    expect(table.getRowModel()).toBe(table.getRowModel());
  });
});
