import { z } from 'zod';
import type { EntityDescription, OwnedBy } from './entity.ts';
import { positiveId } from './ids.ts';

/**
 * The owners of sub-records (contacts, documents, branches): a legal or a true person. Their
 * permissions, paths and Persian names are data here, so a sub-record's routes and its section on
 * the owner's page read them instead of asking which kind of owner they serve.
 */

export const OWNER_TYPES = ['legal', 'true'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];
export const OWNER_TYPE_TITLES: Record<OwnerType, string> = { legal: 'شخص حقوقی', true: 'شخص حقیقی' };

export interface OwnerDef {
  /** The owner's API path, below which its sub-records are served. */
  api: string;
  /** Reads the owner and its sub-records. */
  view: string;
  /** Changes the owner and its sub-records. */
  edit: string;
  /** The 404 of a missing or deleted owner. */
  notFound: string;
  /** The owner's edit page without its id: who may open it may change its sub-records. */
  editPage: string;
}

export const OWNERS: Record<OwnerType, OwnerDef> = {
  legal: {
    api: '/api/person/legal-persons',
    view: 'person.legal.view',
    edit: 'person.legal.edit',
    notFound: 'شخص حقوقی یافت نشد',
    editPage: '/person/legal-persons/update/',
  },
  true: {
    api: '/api/person/true-persons',
    view: 'person.true.view',
    edit: 'person.true.edit',
    notFound: 'شخص حقیقی یافت نشد',
    editPage: '/person/true-persons/update/',
  },
};

/** What the owner helpers read of a sub-record's description. */
export type OwnedEntity = Pick<EntityDescription, 'name' | 'owner'>;

/** A sub-record's permissions and paths under owner kind `type` (see entity.ts `OwnedBy`). */
function under(owned: OwnedBy, type: OwnerType) {
  const { view, edit, api } = OWNERS[type];
  const list = `${api}/:id{[0-9]+}/${owned.segment}`;
  return {
    permissions: { list: view, view, create: edit, update: edit, delete: edit },
    paths: { list, item: `${list}/:${owned.param}{[0-9]+}` },
  };
}

/**
 * The owner part of a sub-record's description: `owner`, and `permissions` and `paths` under its
 * first owner kind (spread into `defineEntity`).
 */
export function ownedBy(owner: OwnedBy) {
  return { owner, ...under(owner, owner.kinds[0]!) };
}

/** The owner kinds a sub-record attaches to. */
export const ownerTypesOf = (entity: OwnedEntity): readonly OwnerType[] => entity.owner?.kinds ?? [];

/** A sub-record's permissions and paths under owner kind `type`. */
export function ownedUnder(entity: OwnedEntity, type: OwnerType) {
  if (!entity.owner?.kinds.includes(type)) throw new Error(`${entity.name} has no owner of type ${type}`);
  return under(entity.owner, type);
}

/** `:id` of an owner. */
export const ownerIdParams = z.object({ id: positiveId });

/** `:id` of an owner and `:<param>` of one of its sub-records. */
export const ownedRowParams = (param: string) => z.object({ id: positiveId, [param]: positiveId });
