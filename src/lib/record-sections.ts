import type { ComponentType, LazyExoticComponent } from 'react';
import type { LegalPersonDetail, TruePersonDetail } from '~/contract/persons.ts';

/**
 * The sections a record page is composed of. A company's (legal person's) and a person's (true
 * person's) view renders its own sections and then those other features register here (branches,
 * contacts, documents now; ownership, statements, issues, assemblies later), so the record page
 * imports no feature and a feature that attaches to "a company" imports nothing of the persons
 * feature. Registration runs once at start, from the feature's `register.ts` (listed in
 * src/app/features.ts); the component is loaded lazily, with its screen.
 *
 * Keys: a view numbers its sections in order (Digit1 …), its own first, then the registered ones
 * by `order`, so a feature's section keeps its key as long as the order does not change.
 */

/** The records other features attach sections to, and the detail each view has loaded. */
export interface RecordTypes {
  legal: LegalPersonDetail;
  true: TruePersonDetail;
}
export type RecordKind = keyof RecordTypes;

/** What a registered section is given: the record it sits in and its key. */
export interface RecordSectionProps<K extends RecordKind = RecordKind> {
  kind: K;
  /** The record's id. */
  id: number;
  /** The record's detail as the view loaded it (GET …/legal-persons/:id or …/true-persons/:id). */
  record: RecordTypes[K];
  /** The physical key that jumps to this section (`Digit5`). */
  shortcut: string;
}

export interface RecordSectionDef<K extends RecordKind = RecordKind> {
  /** Unique within a record kind and stable (`contacts`): the section's element id and `#hash`. */
  id: string;
  /** Persian title, as the section's heading shows it (for the key sheet and the palette). */
  title: string;
  /** Where it stands among the registered sections (lower first). */
  order: number;
  Component: ComponentType<RecordSectionProps<K>> | LazyExoticComponent<ComponentType<RecordSectionProps<K>>>;
}

const registry: { [K in RecordKind]: RecordSectionDef<K>[] } = { legal: [], true: [] };

/** Adds a section to the pages of `kind` (a later registration with the same id replaces it). */
export function registerRecordSection<K extends RecordKind>(kind: K, def: RecordSectionDef<K>): void {
  const list = registry[kind] as RecordSectionDef<K>[];
  const at = list.findIndex((s) => s.id === def.id);
  if (at >= 0) list[at] = def;
  else list.push(def);
  list.sort((a, b) => a.order - b.order);
}

/** The registered sections of `kind`, in order. */
export function recordSections<K extends RecordKind>(kind: K): readonly RecordSectionDef<K>[] {
  return registry[kind] as RecordSectionDef<K>[];
}
