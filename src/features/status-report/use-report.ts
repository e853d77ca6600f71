import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  SECTION_SCHEMAS,
  STATUS_SECTIONS,
  type StatusReport,
  type StatusSection,
} from '~/contract/status-report.ts';
import { type FieldErrors, validate } from '~/lib/form-errors.ts';
import { ApiError } from '~/lib/http.ts';
import { refusalOf } from '~/ui/form/use-form.ts';
import { fetchStatusReport, saveStatusSection, statusKeys } from './api.ts';
import { payloadOf, type SectionValues, valuesOf } from './form-values.ts';

/**
 * The editing state of every section of one report: what is typed (kept while the user moves
 * between sections), what was last read or saved, the version to save against, and the answer
 * of the last save (messages per field, a 409). Each section is saved on its own.
 */

export interface SectionState {
  values: SectionValues;
  /** JSON of the values last read or saved (dirty = values differ). */
  initial: string;
  version: number;
  saved: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
  errors: FieldErrors;
  /** The last save met a newer version (409); nothing was written. */
  stale: boolean;
  busy: boolean;
  /** Bumped on every refusal, so the form can focus the first refused field. */
  refusals: number;
}

export type SectionStatus = 'saved' | 'unsaved' | 'dirty';

function stateOf(section: StatusSection): SectionState {
  const values = valuesOf(STATUS_SECTIONS[section.n]!, section.data);
  return {
    values,
    initial: JSON.stringify(values),
    version: section.version,
    saved: section.saved,
    updatedAt: section.updated_at,
    updatedBy: section.updated_by?.name ?? null,
    errors: {},
    stale: false,
    busy: false,
    refusals: 0,
  };
}

/** dirty (changed since read/saved), else saved or unsaved (a draft never saved). */
export function statusOf(s: SectionState): SectionStatus {
  if (JSON.stringify(s.values) !== s.initial) return 'dirty';
  return s.saved ? 'saved' : 'unsaved';
}

export const STATUS_LABELS: Record<SectionStatus, string> = {
  saved: 'ذخیره‌شده',
  unsaved: 'ذخیره‌نشده',
  dirty: 'تغییر ذخیره‌نشده',
};

/** The report `report` of company `id` as editable sections. */
export function useReport(id: number, report: StatusReport) {
  const client = useQueryClient();
  const [sections, setSections] = useState<SectionState[]>(() => report.sections.map(stateOf));
  const latest = useRef(sections);
  latest.current = sections;

  // A different company (same screen, new id): start over from its report.
  const reportRef = useRef(report);
  useEffect(() => {
    if (reportRef.current === report) return;
    reportRef.current = report;
    setSections(report.sections.map(stateOf));
  }, [report]);

  const patch = useCallback((n: number, change: (s: SectionState) => Partial<SectionState>) => {
    setSections((all) => all.map((s, i) => (i === n ? { ...s, ...change(s) } : s)));
  }, []);

  const setValues = useCallback(
    (n: number, update: (v: SectionValues) => SectionValues) =>
      patch(n, (s) => ({ values: update(s.values) })),
    [patch],
  );

  /** Checks section `n` with its schema, then saves it against the version it was read at. */
  const save = useCallback(
    async (n: number) => {
      const s = latest.current[n]!;
      if (s.busy) return;
      const spec = STATUS_SECTIONS[n]!;
      const payload = payloadOf(spec, s.values);
      const checked = validate(SECTION_SCHEMAS[n]!, payload);
      if (checked.errors) {
        patch(n, (x) => ({ errors: checked.errors, refusals: x.refusals + 1 }));
        return;
      }
      const sent = JSON.stringify(s.values);
      patch(n, () => ({ busy: true }));
      try {
        const saved = await saveStatusSection(id, n, { version: s.version, data: payload });
        patch(n, () => ({
          initial: sent,
          version: saved.version,
          saved: true,
          updatedAt: saved.updated_at,
          errors: {},
          stale: false,
          busy: false,
        }));
      } catch (err) {
        if (!(err instanceof ApiError)) {
          patch(n, () => ({ busy: false }));
          throw err;
        }
        const refusal = refusalOf(err);
        if (refusal.stale) patch(n, () => ({ stale: true, errors: {}, busy: false }));
        else patch(n, (x) => ({ errors: refusal.errors, busy: false, refusals: x.refusals + 1 }));
      }
    },
    [id, patch],
  );

  /** Reads section `n` again from the server (after a 409): its typed values are replaced. */
  const reload = useCallback(
    async (n: number) => {
      const fresh = await fetchStatusReport(id);
      client.setQueryData(statusKeys.report(id), fresh);
      reportRef.current = fresh;
      patch(n, () => stateOf(fresh.sections[n]!));
    },
    [client, id, patch],
  );

  return { sections, setValues, save, reload };
}

export type ReportState = ReturnType<typeof useReport>;
