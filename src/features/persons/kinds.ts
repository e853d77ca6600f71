import type { UseQueryOptions } from '@tanstack/react-query';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { legalPersonEntity } from '~/contract/legal-person.ts';
import { truePersonEntity } from '~/contract/true-person.ts';
import { legalPersonQuery, truePersonQuery } from '~/lib/records.ts';

/**
 * What tells a legal person from a true person on the client, once: the description's nouns
 * (contract/legal-person.ts, true-person.ts), the kind's routes, its record query and how a record
 * is called. The list screen, the view and the form each add their own part to it.
 */
export interface PersonKind<K extends 'legal' | 'true' = 'legal' | 'true'> {
  /** The list's name (navigation memory, export, bulk, the palette's ids, registered sections). */
  list: K;
  /** The audit and label type. */
  entity: 'legal_person' | 'true_person';
  /** «شخص حقوقی», «اشخاص حقوقی», and the list's line under its title. */
  title: string;
  plural: string;
  intro: string;
  /** The list's search box hint, and its API path (the description's). */
  search: string;
  api: string;
  listRoute: '/person/legal-persons/' | '/person/true-persons/';
  listPath: '/person/legal-persons' | '/person/true-persons';
  view: '/person/legal-persons/view/$id' | '/person/true-persons/view/$id';
  create: '/person/legal-persons/create' | '/person/true-persons/create';
  edit: '/person/legal-persons/update/$id' | '/person/true-persons/update/$id';
  /** The record's query (lib/records.ts); each screen reads it as its own record type. */
  query(id: number): UseQueryOptions<any, Error, any, readonly unknown[]>;
  /** The texts when the record cannot be shown. */
  missing: { missingTitle: string; failedTitle: string };
  /** How a record (or the form's values) is called in titles and toasts. */
  nameOf(record: Record<string, unknown>): string;
}

/**
 * A kind from its description: its nouns, its routes under `/person/<list>-persons`, the texts of
 * a record that cannot be shown, its record query and its name.
 */
function personKind<K extends 'legal' | 'true', F extends Record<string, EntityField>>(
  list: K,
  entity: EntityDescription<F>,
  query: PersonKind['query'],
  nameOf: PersonKind['nameOf'],
): PersonKind<K> {
  const base = `/person/${list}-persons` as const;
  return {
    list,
    entity: entity.name as PersonKind['entity'],
    title: entity.title,
    plural: entity.plural,
    intro: entity.intro ?? '',
    search: entity.search ?? '',
    api: entity.paths.list,
    listRoute: `${base}/`,
    listPath: base,
    view: `${base}/view/$id`,
    create: `${base}/create`,
    edit: `${base}/update/$id`,
    query,
    missing: {
      missingTitle: `این ${entity.title} پیدا نشد`,
      failedTitle: `اطلاعات این ${entity.title} بارگیری نشد`,
    },
    nameOf,
  };
}

export const LEGAL_PERSON = personKind(
  'legal',
  legalPersonEntity,
  (id) => legalPersonQuery(id) as never,
  (r) => String(r.name),
);

export const TRUE_PERSON = personKind(
  'true',
  truePersonEntity,
  (id) => truePersonQuery(id) as never,
  (r) => `${r.first_name} ${r.last_name}`,
);
