import { createFileRoute, notFound } from '@tanstack/react-router';
import { ISSUE_OBJECT_TYPES, type IssueObjectType, issueEntity } from '~/contract/issues.ts';
import { RecordIssuesScreen } from '~/features/issues/record-issues-screen.tsx';
import { parseId } from '~/lib/route-params.ts';
import { entitySearch } from '~/ui/entity/filters.ts';

const issueSearch = entitySearch(issueEntity);

/** The object type a path segment names (`legal_person` or `legal-person`, the same for true persons), or null. */
function issueObjectTypeOf(segment: string): IssueObjectType | null {
  const type = segment.replace('-', '_');
  return (ISSUE_OBJECT_TYPES as readonly string[]).includes(type) ? (type as IssueObjectType) : null;
}

/**
 * /issues/{object_type}/{object_id} (permission `issues`): one record's issues — `legal_person`
 * (or `legal-person`) or `true_person` (`true-person`) and the record's id. The list keeps to that
 * record: its type and id are forced into the search, whatever the address says.
 */
export const Route = createFileRoute('/issues/$object_type/$object_id')({
  loader: ({ params }) => {
    if (!issueObjectTypeOf(params.object_type) || parseId(params.object_id) === null) throw notFound();
  },
  validateSearch: (raw: Record<string, unknown>) => {
    const { object_type: _t, object_id: _i, ...rest } = issueSearch.parse(raw);
    return rest;
  },
  component: function RecordIssues() {
    const params = Route.useParams();
    return (
      <RecordIssuesScreen
        objectType={issueObjectTypeOf(params.object_type) ?? 'legal_person'}
        objectId={parseId(params.object_id) ?? 0}
      />
    );
  },
});
