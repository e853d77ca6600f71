import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { issueEntity } from '~/contract/issues.ts';
import type { LabelChip } from '~/contract/labels.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';
import { LabelChips } from '~/ui/label-chips.tsx';
import { useOpenIssueAction } from './open-issue-action.ts';
import { useTriageVerbs } from './triage-verbs.tsx';

type Row = Record<string, unknown>;

/**
 * /issues/triage (permission `issues`): the new issues, oldest first, for the auditors to clear
 * by keyboard — J/K move, X selects, Shift+X selects a range, Ctrl/⌘+A all matching the filter;
 * 1 accepts, 2 marks a duplicate (the original picked in the palette), 3 declines with a reason,
 * H snoozes until a Jalali day, A assigns, L labels, P sets the priority — on the focused issue
 * or the selection; Ctrl/⌘+Z takes the last verbs back in order; V opens the issue. An accepted,
 * declined, duplicate or snoozed issue leaves the view (it is no longer new); one put back by
 * an undo returns. The `?` sheet lists the keys.
 */
export function TriageScreen() {
  const search = useSearch({ from: '/issues/triage' }) as ListSearch;
  const navigate = useNavigate({ from: '/issues/triage' });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ search: next as never, replace: opts?.replace }),
    [navigate],
  );
  const rowActions = useOpenIssueAction();
  const { bulkActions, dialogs } = useTriageVerbs();
  const cells = useMemo(
    () => ({
      title: (row: Row) => (
        <>
          {String(row.title)} <LabelChips labels={row.labels as LabelChip[] | undefined} />
        </>
      ),
    }),
    [],
  );
  return (
    <EntityListScreen
      entity={issueEntity}
      search={search}
      onSearchChange={onSearchChange}
      description="موضوعات تازه، کهنه‌ترین نخست: ۱ پذیرش، ۲ تکراری، ۳ رد، H تعویق، A ارجاع، L برچسب، P اولویت — روی موضوع جاری یا انتخاب‌شده‌ها (X)؛ Ctrl+Z آخرین کارها را به ترتیب برمی‌گرداند."
      emptyText="موضوع تازه‌ای برای بررسی نمانده است"
      rowActions={rowActions}
      bulkActions={bulkActions}
      cells={cells}
    >
      {dialogs}
    </EntityListScreen>
  );
}
