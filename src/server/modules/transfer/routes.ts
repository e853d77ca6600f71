import {
  exportQuerySchema,
  type ImportReport,
  type ImportResult,
  importAnswer,
  importBodySchema,
  TRANSFER_MEDIA_TYPES,
  templateQuerySchema,
} from '../../../contract/person-transfer.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { type AuditEntry, defineRoute, type RouteContext } from '../../http/route.ts';
import { insertLegalPersons, insertTruePersons } from '../persons/edit.ts';
import { guarded, LEGAL_FK, TRUE_FK } from '../persons/edit-checks.ts';
import { checkRows, LEGAL_IMPORT, type LegalValues, TRUE_IMPORT, type TrueValues } from './check-rows.ts';
import { exportBatches, fileResponse, noRows } from './export.ts';
import { readSheet } from './read-sheet.ts';

/**
 * Export, import template and import of legal and true persons; the calls and shapes are
 * documented in contract/person-transfer.ts.
 */

type Audit = RouteContext<unknown, unknown, unknown>['audit'];

const LISTS = {
  legal: {
    paths: {
      export: '/api/person/legal-persons/export',
      template: '/api/person/legal-persons/import-template',
      import: '/api/person/legal-persons/import',
    },
    list: 'person.legal.list',
    edit: 'person.legal.edit',
    ascii: 'legal-persons',
    kind: LEGAL_IMPORT,
    fk: LEGAL_FK,
    insert: (tx: Db, v: unknown[], now: Date, audit: Audit) =>
      insertLegalPersons(tx, v as LegalValues[], now, audit),
  },
  true: {
    paths: {
      export: '/api/person/true-persons/export',
      template: '/api/person/true-persons/import-template',
      import: '/api/person/true-persons/import',
    },
    list: 'person.true.list',
    edit: 'person.true.edit',
    ascii: 'true-persons',
    kind: TRUE_IMPORT,
    fk: TRUE_FK,
    insert: (tx: Db, v: unknown[], now: Date, audit: Audit) =>
      insertTruePersons(tx, v as TrueValues[], now, audit),
  },
} as const;

/** The answer of the export and the template: an xlsx or csv file. */
const sheetFile = { file: Object.values(TRANSFER_MEDIA_TYPES) };

/** 422 carrying the report: nothing was written. */
function rejected(report: ImportReport): HttpError {
  return new HttpError(
    422,
    'برخی ردیف‌های پرونده معتبر نیستند؛ هیچ ردیفی ثبت نشد. ردیف‌ها را اصلاح کنید و دوباره بفرستید',
    undefined,
    { report },
  );
}

function routesFor(which: keyof typeof LISTS) {
  const l = LISTS[which];
  const kind = l.kind as typeof LEGAL_IMPORT;
  return [
    /**
     * GET …/export — the filtered, sorted list (or `ids`) as a streamed xlsx/csv file
     * (contract/person-transfer.ts). 422 on a bad format, sort, filter or id list (JSON, before
     * any byte of the file).
     */
    defineRoute({
      method: 'get',
      path: l.paths.export,
      permission: l.list,
      summary: `${which === 'legal' ? 'Legal' : 'True'} persons: export the list as Excel or CSV (streamed)`,
      tags: ['persons'],
      query: exportQuerySchema,
      response: sheetFile,
      async handler({ db, deps, query }) {
        const { format, ids, ...list } = query;
        const batches = await exportBatches(db, kind.spec, list, ids);
        return fileResponse(kind.spec, batches, format, l.ascii, deps.now());
      },
    }),
    /** GET …/import-template — the export's header row and no data, as xlsx or csv. */
    defineRoute({
      method: 'get',
      path: l.paths.template,
      permission: l.edit,
      summary: `${which === 'legal' ? 'Legal' : 'True'} persons: the import template`,
      tags: ['persons'],
      query: templateQuerySchema,
      response: sheetFile,
      async handler({ deps, query }) {
        return fileResponse(kind.spec, noRows(), query.format, `${l.ascii}-template`, deps.now());
      },
    }),
    /**
     * POST …/import — multipart `file`, `dry_run`: the report (dry run, nothing written) or every
     * row written in one transaction with an audit row each (`ImportResult`); 422 `{ report }` and
     * nothing written when any row is bad; 422 on `file` for a file that is not a readable xlsx/csv.
     */
    defineMutation({
      method: 'post',
      path: l.paths.import,
      permission: l.edit,
      summary: `${which === 'legal' ? 'Legal' : 'True'} persons: import from Excel or CSV (dry run or all-or-nothing)`,
      tags: ['persons'],
      bodyType: 'form',
      body: importBodySchema,
      response: importAnswer,
      // Reading the sheet is slow: before the transaction opens.
      prepare: async ({ body }) => readSheet(new Uint8Array(await body.file.arrayBuffer())),
      // Another save took a national id / code meanwhile: report it as the checks would.
      guard: (write, { db, prepared }) =>
        guarded(
          write,
          async () => {
            const { report } = await checkRows(db, kind, prepared);
            throw rejected(report);
          },
          l.fk,
        ),
      async handler({ db, deps, body, prepared }) {
        const { report, values } = await checkRows(db, kind, prepared);
        if (body.dry_run) return { audits: [], result: report };
        if (report.errors.length) throw rejected(report);
        // The insert helpers write one `create` row per person through `audit`: collected here.
        const audits: AuditEntry[] = [];
        const rows = await l.insert(db, values, deps.now(), async (_tx, row) => {
          audits.push(row);
        });
        const result: ImportResult = { ...report, created: rows.length };
        return { audits, result };
      },
    }),
  ];
}

export const transferRoutes = [...routesFor('legal'), ...routesFor('true')];
