import { describe, expect, it } from 'vitest';
import { advanceFilterSchema, type FilterNode } from '~/contract/list.ts';
import { fromDraft, newCondition, newGroup, toDraft } from './builder-model.ts';
import { activeFilterCount, listSearchSchema, parseBuilt, toListQuery, withBuilt } from './search-params.ts';
import type { FilterDef } from './types.ts';

const filters: FilterDef[] = [
  {
    key: 'kind',
    kind: 'enum',
    label: 'نوع',
    options: [
      { value: 'fund', label: 'صندوق' },
      { value: 'company', label: 'شرکت' },
    ],
  },
  {
    key: 'industry',
    field: 'industry_id',
    kind: 'enum',
    label: 'صنعت',
    options: [{ value: 7, label: 'فلزات' }],
  },
  { key: 'listed', field: 'is_listed', kind: 'boolean', label: 'بورسی' },
  { key: 'name', kind: 'text', label: 'نام', builderOnly: true },
  { key: 'registered_capital', kind: 'number', label: 'سرمایه', builderOnly: true },
  { key: 'birth_date', kind: 'date', label: 'تاریخ تولد', builderOnly: true },
];

describe('the filter builder model', () => {
  it('turns A AND (B OR C) into advanceFilter nodes and back', () => {
    const nodes: FilterNode[] = [
      { field: 'is_listed', op: 'eq', value: false },
      {
        or: [
          { field: 'kind', op: 'eq', value: 'fund' },
          { field: 'registered_capital', op: 'gte', value: '1000000000000' },
        ],
      },
    ];
    const draft = toDraft(nodes, filters);
    expect(draft.mode).toBe('and');
    expect(draft.items.map((i) => i.kind)).toEqual(['condition', 'group']);
    const back = fromDraft(draft, filters);
    expect(back.errors).toEqual({});
    expect(back.nodes).toEqual(nodes);
    expect(advanceFilterSchema.safeParse(back.nodes).success).toBe(true);
  });

  it('keeps an OR at the root as one OR node, and (A AND B) OR C', () => {
    const nodes: FilterNode[] = [
      {
        or: [
          {
            and: [
              { field: 'kind', op: 'eq', value: 'fund' },
              { field: 'name', op: 'contains', value: 'صندوق' },
            ],
          },
          { field: 'industry_id', op: 'eq', value: 7 },
        ],
      },
    ];
    const draft = toDraft(nodes, filters);
    expect(draft.mode).toBe('or');
    expect(fromDraft(draft, filters).nodes).toEqual(nodes);
  });

  it('reads Persian digits and separators in numbers, Jalali dates as ISO, and refuses bad values per condition', () => {
    const capital = { ...newCondition(filters[4]!), value: '۱٬۲۰۰٬۰۰۰' };
    const born = { ...newCondition(filters[5]!), op: 'gte' as const, value: '۱۳۶۵/۰۴/۲۱' };
    const ok = fromDraft({ mode: 'and', items: [capital, born] }, filters);
    expect(ok.nodes).toEqual([
      { field: 'registered_capital', op: 'gte', value: '1200000' },
      { field: 'birth_date', op: 'gte', value: '1986-07-12' },
    ]);
    const bad = fromDraft(
      {
        mode: 'and',
        items: [
          { ...capital, value: 'بسیار' },
          { ...born, value: '1402/12/30' },
          { ...newCondition(filters[0]!), value: '' },
        ],
      },
      filters,
    );
    expect(bad.nodes).toEqual([]);
    expect(Object.values(bad.errors)).toEqual([
      'عدد معتبر نیست',
      'تاریخ را به شکل ۱۴۰۳/۰۱/۱۵ بنویسید',
      'مقدار را وارد کنید',
    ]);
  });

  it('drops a group of one to its condition and conditions on unknown fields from the URL', () => {
    const group = newGroup(filters[0]!);
    group.items[0]!.value = 'company';
    expect(fromDraft({ mode: 'and', items: [group] }, filters).nodes).toEqual([
      { field: 'kind', op: 'eq', value: 'company' },
    ]);
    const draft = toDraft([{ field: 'password', op: 'eq', value: 'x' }], filters);
    expect(draft.items).toEqual([]);
  });
});

describe('the builder in the URL', () => {
  it('keeps the tree in `af`, sends it after the bar filters, counts its conditions, and ignores a bad one', () => {
    const schema = listSearchSchema(filters);
    const tree: FilterNode[] = [
      {
        or: [
          { field: 'kind', op: 'eq', value: 'fund' },
          { field: 'is_listed', op: 'eq', value: true },
        ],
      },
    ];
    const search = schema.parse({ kind: 'company', ...withBuilt({}, tree), name: 'ignored: builder only' });
    expect(search.name).toBeUndefined();
    expect(parseBuilt(search.af)).toEqual(tree);
    expect(toListQuery(search, filters).advanceFilter).toEqual([
      { field: 'kind', op: 'eq', value: 'company' },
      ...tree,
    ]);
    expect(activeFilterCount(search, filters)).toBe(3);
    expect(withBuilt(search, []).af).toBeUndefined();
    expect(parseBuilt('[{"or":[]}]')).toEqual([]);
    expect(parseBuilt('not json')).toEqual([]);
  });
});
