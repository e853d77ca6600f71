import type { AdvanceFilter, FilterNode, FilterOp } from '~/contract/list.ts';
import { jalaliOfIso, parseJalaliDate } from '~/domain/jalali.ts';
import { toAsciiDigits } from '~/domain/persian-text.ts';
import type { FilterDef } from './types.ts';

/**
 * The filter builder's editable form of a filter tree, and the conversions both ways. The
 * builder edits one level of groups inside the root: the root's conditions and groups are all
 * required (AND) or any one is enough (OR); each group has its own AND/OR over its conditions.
 * That covers "A and (B or C)" and "(A and B) or C". Values are kept as typed (strings) and
 * checked when applied.
 */

export type Mode = 'and' | 'or';

export interface DraftCondition {
  kind: 'condition';
  id: string;
  field: string;
  op: FilterOp;
  value: string;
}

export interface DraftGroup {
  kind: 'group';
  id: string;
  mode: Mode;
  items: DraftCondition[];
}

export interface Draft {
  mode: Mode;
  items: (DraftCondition | DraftGroup)[];
}

export const OP_LABELS: Record<FilterOp, string> = {
  eq: 'برابر با',
  neq: 'نابرابر با',
  gte: 'بزرگ‌تر یا برابر',
  lte: 'کوچک‌تر یا برابر',
  contains: 'شامل',
  in: 'یکی از',
};

/** The operators a field offers, the first being the default. */
export function opsFor(f: FilterDef): FilterOp[] {
  switch (f.kind) {
    case 'enum':
      return ['eq', 'neq'];
    case 'boolean':
      return ['eq'];
    case 'text':
      return ['contains', 'eq', 'neq'];
    case 'number':
      return ['gte', 'lte', 'eq', 'neq'];
    case 'date':
      return ['gte', 'lte', 'eq'];
  }
}

export const fieldOf = (f: FilterDef) => f.field ?? f.key;

let nextId = 0;
const newId = () => `b${++nextId}`;

/** A new condition on `f` with its default operator and no value. */
export function newCondition(f: FilterDef): DraftCondition {
  return { kind: 'condition', id: newId(), field: fieldOf(f), op: opsFor(f)[0]!, value: '' };
}

export function newGroup(f: FilterDef): DraftGroup {
  return { kind: 'group', id: newId(), mode: 'or', items: [newCondition(f)] };
}

function displayValue(f: FilterDef | undefined, v: AdvanceFilter['value']): string {
  if (v === null || Array.isArray(v)) return '';
  if (f?.kind === 'date' && typeof v === 'string') return jalaliOfIso(v);
  return String(v);
}

/** The tree from the URL as a draft; conditions on fields the list does not offer are dropped. */
export function toDraft(nodes: readonly FilterNode[], filters: readonly FilterDef[]): Draft {
  const byField = new Map(filters.map((f) => [fieldOf(f), f]));
  const condition = (c: AdvanceFilter): DraftCondition | null => {
    const f = byField.get(c.field);
    if (!f || !opsFor(f).includes(c.op)) return null;
    return { kind: 'condition', id: newId(), field: c.field, op: c.op, value: displayValue(f, c.value) };
  };
  const members = (list: readonly FilterNode[]): DraftCondition[] =>
    list.flatMap((n) => ('and' in n || 'or' in n ? [] : (condition(n) ?? [])));
  const root = nodes.length === 1 && 'or' in nodes[0]! ? { mode: 'or' as const, list: nodes[0].or } : null;
  const list = root ? root.list : nodes;
  const items: Draft['items'] = [];
  for (const n of list) {
    if ('and' in n || 'or' in n) {
      const inner = members('and' in n ? n.and : n.or);
      if (inner.length)
        items.push({ kind: 'group', id: newId(), mode: 'and' in n ? 'and' : 'or', items: inner });
    } else {
      const c = condition(n);
      if (c) items.push(c);
    }
  }
  return { mode: root ? 'or' : 'and', items };
}

/** A draft value in the type the server's field takes, or a Persian message saying what is wrong. */
function wireValue(f: FilterDef, raw: string): { value: AdvanceFilter['value'] } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: 'مقدار را وارد کنید' };
  switch (f.kind) {
    case 'boolean':
      return { value: text === 'true' };
    case 'enum': {
      const option = f.options?.find((o) => String(o.value) === text);
      return { value: option ? option.value : /^\d+$/.test(text) ? Number(text) : text };
    }
    case 'number': {
      const n = toAsciiDigits(text).replace(/[,،٬\s]/g, '');
      return /^-?\d{1,30}(\.\d{1,12})?$/.test(n) ? { value: n } : { error: 'عدد معتبر نیست' };
    }
    case 'date': {
      const iso = parseJalaliDate(text);
      return iso ? { value: iso } : { error: 'تاریخ را به شکل ۱۴۰۳/۰۱/۱۵ بنویسید' };
    }
    case 'text':
      return { value: text };
  }
}

/**
 * The draft as `advanceFilter` nodes, or the Persian error of each condition (by its id) when a
 * value is missing or malformed. An empty draft gives no nodes (the filter is cleared).
 */
export function fromDraft(
  draft: Draft,
  filters: readonly FilterDef[],
): { nodes: FilterNode[]; errors: Record<string, string> } {
  const byField = new Map(filters.map((f) => [fieldOf(f), f]));
  const errors: Record<string, string> = {};
  const condition = (c: DraftCondition): FilterNode | null => {
    const f = byField.get(c.field);
    if (!f) {
      errors[c.id] = 'این فیلد در فهرست نیست';
      return null;
    }
    const v = wireValue(f, c.value);
    if ('error' in v) {
      errors[c.id] = v.error;
      return null;
    }
    return { field: c.field, op: c.op, value: v.value };
  };
  const items: FilterNode[] = [];
  for (const item of draft.items) {
    if (item.kind === 'condition') {
      const n = condition(item);
      if (n) items.push(n);
      continue;
    }
    const inner = item.items.map(condition).filter((n): n is FilterNode => n !== null);
    if (inner.length === 1) items.push(inner[0]!);
    else if (inner.length > 1) items.push(item.mode === 'and' ? { and: inner } : { or: inner });
  }
  if (Object.keys(errors).length) return { nodes: [], errors };
  if (draft.mode === 'or' && items.length > 1) return { nodes: [{ or: items }], errors };
  return { nodes: items, errors };
}
