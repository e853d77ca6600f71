import { sql } from 'drizzle-orm';
import { issueExportQuery } from '../../../contract/issue-correspondence.ts';
import { ISSUE_OBJECT_TYPE_LABELS, ISSUE_PRIORITY_LABELS } from '../../../contract/issues.ts';
import { TRANSFER_MEDIA_TYPES } from '../../../contract/person-transfer.ts';
import { ISSUE_STATE_LABELS_FA } from '../../../domain/issues/issue-status.ts';
import type { ExportColumn, ExportSpec } from '../../http/entity-export.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { exportBatches, fileResponse } from '../transfer/export.ts';
import { issueList } from './store.ts';

/**
 * The issues list as a spreadsheet (contract/issue-correspondence.ts): the list's own FROM,
 * filters, search and sort (store.ts `issueList`, so the file holds what the screen shows), its
 * columns written for people: Persian headers, codes (the person's type, priority, status) by
 * their Persian labels, dates as Jalali text, the registration day in Tehran time. Streamed in
 * keyset batches (transfer/export.ts), so a large export holds about one batch in memory.
 */

const r = (text: string) => sql.raw(text);

const column = (
  key: string,
  header: string,
  expr: string,
  kind: ExportColumn['kind'],
  width: number,
  labels?: Readonly<Record<string, string>>,
): ExportColumn => ({ key, header, expr: r(expr), kind, width, labels: labels && { ...labels } });

/** The export's columns over the list's FROM (`i` issues, `t` types, `lp`/`tp` the person, `a` assignee, `c` creator). */
export const issuesExport: ExportSpec = {
  list: issueList,
  from: issueList.from,
  title: 'موضوعات',
  columns: [
    column('id', 'شناسه', 'i.id', 'int', 10),
    column('title', 'عنوان', 'i.title', 'text', 48),
    column('object_type', 'نوع شخص', 'i.object_type', 'code', 14, ISSUE_OBJECT_TYPE_LABELS),
    column('object', 'شخص', `COALESCE(lp.name, tp.first_name || ' ' || tp.last_name, '')`, 'text', 36),
    column('issue_type_name', 'نوع موضوع', 't.name', 'text', 28),
    column('priority', 'اولویت', 'i.priority::text', 'code', 10, ISSUE_PRIORITY_LABELS),
    column('status', 'وضعیت', 'i.status', 'code', 14, ISSUE_STATE_LABELS_FA),
    column('assignee', 'مسئول', `NULLIF(trim(concat_ws(' ', a.first_name, a.last_name)), '')`, 'text', 24),
    column('due_date', 'مهلت', 'i.due_date::text', 'date', 12),
    column(
      'created_by',
      'ثبت‌کننده',
      `NULLIF(trim(concat_ws(' ', c.first_name, c.last_name)), '')`,
      'text',
      24,
    ),
    column('created_at', 'تاریخ ثبت', `(i.created_at AT TIME ZONE 'Asia/Tehran')::date::text`, 'date', 12),
    column('description', 'شرح', 'i.description', 'text', 60),
  ],
};

/** The issues list's export (documented below). */
export const issueExportRoutes: AnyRoute[] = [
  /**
   * GET /api/issues/export (`issues`) — `issueExportQuery` (the list's query, `format` xlsx | csv,
   * default xlsx, and `ids`) → the matching issues in the list's sort as a streamed file named
   * «موضوعات <Jalali date>.xlsx» (ASCII fallback `issues-<date>.xlsx`): one right-to-left sheet,
   * header frozen. 422 (JSON, before any byte of the file) on a bad format, sort, filter or id list.
   */
  defineRoute({
    method: 'get',
    path: '/api/issues/export',
    permission: 'issues',
    summary: 'Issues: export the list as Excel or CSV (streamed)',
    tags: ['issues'],
    query: issueExportQuery,
    response: { file: Object.values(TRANSFER_MEDIA_TYPES) },
    async handler({ db, deps, query }) {
      const { format, ids, ...list } = query;
      const batches = await exportBatches(db, issuesExport, list, ids);
      return fileResponse(issuesExport, batches, format, 'issues', deps.now());
    },
  }),
];
