import type { OptionSource } from '~/contract/entity.ts';
import type { LabelObjectType } from '~/contract/label-codes.ts';
import type { EnumOption } from '~/ui/data-table/types.ts';
import { api } from './http.ts';
import { labelKeys, labelOptions } from './labels.ts';
import { fetchIndustryOptions } from './records.ts';

interface Named {
  id: number;
  name: string;
}

/**
 * The option lists entity fields name (`optionsFrom` in contract/entity.ts), each a call the
 * filter bar, the filter builder and the forms load once through TanStack Query under
 * `optionKey(source)`.
 */
export const OPTION_LOADERS: Readonly<Record<OptionSource, () => Promise<EnumOption[]>>> = {
  /** GET /api/provinces: the 31 provinces, by name. */
  provinces: async () =>
    (await api<Named[]>('/api/provinces', { quiet: true })).map((p) => ({ value: p.id, label: p.name })),
  industries: fetchIndustryOptions,
  /** GET /api/supervising-bodies: the bodies companies report to, by name. */
  supervising_bodies: async () =>
    (await api<Named[]>('/api/supervising-bodies', { quiet: true })).map((b) => ({
      value: b.id,
      label: b.name,
    })),
  /** GET /api/performance/statement-items: the chart of line items, in layout order, by Persian name. */
  statement_items: async () =>
    (
      await api<{ id: number; name_fa: string; code: string }[]>('/api/performance/statement-items', {
        quiet: true,
      })
    ).map((i) => ({ value: i.id, label: `${i.name_fa} (${i.code})` })),
  /** GET /api/issue-types: the active issue types, in their order. */
  issue_types: async () =>
    (await api<Named[]>('/api/issue-types', { quiet: true })).map((t) => ({ value: t.id, label: t.name })),
  /** GET /api/issues/assignees: the staff an issue may be assigned to, by name. */
  assignees: async () =>
    (await api<Named[]>('/api/issues/assignees', { quiet: true })).map((u) => ({
      value: u.id,
      label: u.name,
    })),
  /** The labels the management area defines for legal persons (and, next, for true persons). */
  'labels:legal_person': labelOptions('legal_person'),
  'labels:true_person': labelOptions('true_person'),
  'labels:issue': labelOptions('issue'),
};

/** The cache key of a source's options: the labels' own key, so a renamed label shows at once. */
export const optionKey = (source: OptionSource): readonly unknown[] =>
  source.startsWith('labels:')
    ? labelKeys.options(source.slice('labels:'.length) as LabelObjectType)
    : ['options', source];
