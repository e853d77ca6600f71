import { useCallback, useMemo, useRef } from 'react';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { issueEntity } from '~/contract/issues.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { downloadFile } from '~/lib/download.ts';
import { listQueryString } from '~/lib/list-url.ts';
import { Button } from '~/ui/button.tsx';
import { toListQuery } from '~/ui/data-table/search-params.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { entityFilters } from '~/ui/entity/filters.ts';
import { whenNoDialog } from '~/ui/when-no-dialog.ts';

/**
 * The issues list's export to Excel: the list view as the screen shows it (its search, filters,
 * the builder's conditions and sort) sent to GET /api/issues/export, saved under the server's
 * Persian file name («موضوعات ۱۴۰۵-۰۹-۰۱.xlsx»). A button for the page header and the command
 * Shift+E (palette and `?` sheet) while the list is on screen.
 */

/** The issues list's description, as the filters read it. */
const ISSUES = issueEntity as unknown as EntityDescription<Record<string, EntityField>>;

/**
 * The export URL of the list view `search` over `entity`'s filters (default: issueEntity's; a
 * screen that filters on more, such as one record's issues, passes its own). Example:
 * `issuesExportUrl({ q: 'صورت', status: 'new', sort: '-created_at' })` →
 * `/api/issues/export?format=xlsx&q=…&sortBy=created_at&descending=true&advanceFilter=…`.
 */
export function issuesExportUrl(
  search: ListSearch,
  entity: EntityDescription<Record<string, EntityField>> = ISSUES,
): string {
  const query = toListQuery(search, entityFilters(entity));
  return `/api/issues/export?${listQueryString(query, { format: 'xlsx' })}`;
}

export interface IssuesExportButtonProps {
  /** The list's current view (its route's search, with what the screen forces into it). */
  search: ListSearch;
  /** The entity whose filters read `search` (default: issueEntity). */
  entity?: EntityDescription<Record<string, EntityField>>;
}

/** «خروجی Excel» (Shift+E): downloads the list view as xlsx. */
export function IssuesExportButton({ search, entity }: IssuesExportButtonProps) {
  const latest = useRef({ search, entity });
  latest.current = { search, entity };
  // Reads the view through the ref: the command stays the same while the view changes.
  const run = useCallback(() => {
    const { search: s, entity: e } = latest.current;
    void downloadFile(issuesExportUrl(s, e), 'issues.xlsx');
  }, []);
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'issues.export.xlsx',
        title: 'خروجی Excel از فهرست موضوعات',
        shortcut: 'Shift+KeyE',
        group: 'موضوعات',
        keywords: ['export', 'excel', 'xlsx', 'خروجی', 'اکسل'],
        // A dialog on screen owns the keys.
        run: () => whenNoDialog(run),
      },
    ],
    [run],
  );
  useRegisterCommands(commands);
  return (
    <Button size="sm" shortcut="Shift+KeyE" onClick={run}>
      خروجی Excel
    </Button>
  );
}
