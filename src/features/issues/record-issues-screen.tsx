import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { ISSUE_OBJECT_TYPE_LABELS, type IssueObjectType, issueEntity } from '~/contract/issues.ts';
import { legalPersonQuery, truePersonQuery } from '~/lib/records.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { EntityFormDialog } from '~/ui/entity/entity-form.tsx';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';
import { IssuesExportButton } from './export-action.tsx';
import { useOpenIssueAction } from './open-issue-action.ts';

/**
 * /issues/{object_type}/{object_id} (permission `issues`): the issues about one company or person,
 * on the list workstation as /issues/legal-person shows them (filters, sort, search, V opens one,
 * N raises one about this record, E edits, Delete deletes, Shift+E exports the view to Excel).
 * The record is forced into the list's filters (a chip naming it that cannot be cleared), and the
 * line under the title links back to the record's view.
 */

const VIEW_PATHS: Record<IssueObjectType, string> = {
  legal_person: '/person/legal-persons/view/',
  true_person: '/person/true-persons/view/',
};

/**
 * The issue entity as this screen reads it: the record's id a filter of one option (its name), so
 * the list asks the server for this record's issues and the filter bar names it; the form leaves
 * the person out (the screen puts this record in the body).
 */
function recordEntity(type: IssueObjectType, id: number, name: string) {
  const { object_id: _picked, ...fields } = issueEntity.fields;
  const key = String(id);
  return {
    ...issueEntity,
    fields: {
      ...fields,
      object_id: {
        type: 'enum',
        label: ISSUE_OBJECT_TYPE_LABELS[type],
        options: [key],
        optionLabels: { [key]: name || key },
        filter: ['eq'],
      },
    },
  } as unknown as EntityDescription<Record<string, EntityField>>;
}

/** The record's name (a company's name, a person's first and last name), '' until it loads. */
function useRecordName(type: IssueObjectType, id: number): string {
  const legal = useQuery({ ...legalPersonQuery(id), enabled: type === 'legal_person' });
  const natural = useQuery({ ...truePersonQuery(id), enabled: type === 'true_person' });
  if (type === 'legal_person') return legal.data?.name ?? '';
  const p = natural.data;
  return p ? `${p.first_name} ${p.last_name}` : '';
}

export interface RecordIssuesScreenProps {
  objectType: IssueObjectType;
  objectId: number;
}

/** One record's issues (see the module comment). */
export function RecordIssuesScreen({ objectType, objectId }: RecordIssuesScreenProps) {
  const own = useSearch({ from: '/issues/$object_type/$object_id' }) as ListSearch;
  const navigate = useNavigate({ from: '/issues/$object_type/$object_id' });
  const name = useRecordName(objectType, objectId);
  const entity = useMemo(() => recordEntity(objectType, objectId, name), [objectType, objectId, name]);
  // The record's filters, forced whatever the address says.
  const search = useMemo<ListSearch>(
    () => ({ ...own, object_type: objectType, object_id: String(objectId) }),
    [own, objectType, objectId],
  );
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => {
      const { object_type: _t, object_id: _i, ...rest } = next;
      navigate({ search: rest as never, replace: opts?.replace });
    },
    [navigate],
  );
  const rowActions = useOpenIssueAction();
  const description = (
    <>
      موضوعات دربارهٔ {ISSUE_OBJECT_TYPE_LABELS[objectType]}{' '}
      <Link to={`${VIEW_PATHS[objectType]}${objectId}` as never}>{name || '…'}</Link>{' '}
      <IssuesExportButton search={search} entity={entity} />
    </>
  );
  return (
    <EntityListScreen
      entity={entity}
      search={search}
      onSearchChange={onSearchChange}
      description={description}
      rowActions={rowActions}
      emptyText={`موضوعی دربارهٔ «${name || 'این شخص'}» ثبت نشده است`}
      editor={(p) => (
        <EntityFormDialog
          entity={entity}
          row={p.row}
          save={(body) => p.save({ ...body, object_type: objectType, object_id: objectId })}
          onClose={p.onClose}
          onSaved={p.onSaved}
        />
      )}
    />
  );
}
