import type { z } from 'zod';
import {
  type OperationKind,
  type StructureDraftDetail,
  type StructureNode,
  type StructureOperation,
  structureDraftForm,
} from '~/contract/structure.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type NodePick, pickId } from './api.ts';

/**
 * The editor's values: what the screen holds while a draft is edited (picks with their names,
 * shares as the percent text typed, the date in Jalali), and their way to the API's body through
 * the contract's form schema (structureDraftForm), whose messages come back by field path
 * (`operations.0.share`), as the server's 422s do.
 */

export interface OperationValues {
  /** A stable key for React (operations are added and removed). */
  uid: number;
  kind: OperationKind;
  company: NodePick | null;
  from: NodePick | null;
  to: NodePick | null;
  holder: NodePick | null;
  absorbed: NodePick | null;
  into: NodePick | null;
  /** percent as typed (`۲۰`, `۱۲٫۵`) */
  share: string;
  ratio: string;
}

export interface DraftValues {
  title: string;
  /** Jalali as typed (`۱۴۰۴/۰۱/۰۱`); '' for the day it is applied */
  effective_on: string;
  operations: OperationValues[];
}

let uid = 0;
export const blankOperation = (kind: OperationKind = 'transfer'): OperationValues => ({
  uid: ++uid,
  kind,
  company: null,
  from: null,
  to: null,
  holder: null,
  absorbed: null,
  into: null,
  share: '',
  ratio: '',
});

export const emptyDraft = (): DraftValues => ({
  title: '',
  effective_on: '',
  operations: [blankOperation()],
});

/** A fraction as the percent text the field shows: 0.125 → «۱۲٫۵». */
export const percentOf = (fraction: number) =>
  toPersianDigits(String(Math.round(fraction * 100 * 1e4) / 1e4)).replace('.', '٫');

const pickOf = (nodes: Map<string, StructureNode>, key: string): NodePick => ({
  id: pickId(key),
  key,
  name: nodes.get(key)?.name ?? key,
  national_id: null,
});

/** A saved draft as the editor's values. */
export function valuesOf(d: StructureDraftDetail): DraftValues {
  const nodes = new Map(d.nodes.map((n) => [n.key, n]));
  const pick = (key: string) => pickOf(nodes, key);
  return {
    title: d.title,
    effective_on: d.effective_on ? toPersianDigits(jalaliOfIso(d.effective_on)) : '',
    operations: d.operations.map((op: StructureOperation) => {
      const v = blankOperation(op.kind);
      if (op.kind === 'merge')
        return { ...v, absorbed: pick(op.absorbed), into: pick(op.into), ratio: percentOf(op.ratio) };
      const base = { ...v, company: pick(op.company) };
      if (op.kind === 'transfer')
        return { ...base, from: pick(op.from), to: pick(op.to), share: percentOf(op.share) };
      if (op.kind === 'remove') return { ...base, holder: pick(op.holder) };
      return { ...base, holder: pick(op.holder), share: percentOf(op.share) };
    }),
  };
}

const key = (p: NodePick | null) => p?.key ?? '';

/** The values as the form schema reads them: only the fields of each operation's kind. */
export function formInput(v: DraftValues) {
  return {
    title: v.title,
    effective_on: v.effective_on,
    operations: v.operations.map((op) => {
      switch (op.kind) {
        case 'transfer':
          return {
            kind: op.kind,
            company: key(op.company),
            from: key(op.from),
            to: key(op.to),
            share: op.share,
          };
        case 'merge':
          return { kind: op.kind, absorbed: key(op.absorbed), into: key(op.into), ratio: op.ratio };
        case 'remove':
          return { kind: op.kind, company: key(op.company), holder: key(op.holder) };
        default:
          return { kind: op.kind, company: key(op.company), holder: key(op.holder), share: op.share };
      }
    }),
  };
}

export type DraftBody = z.output<typeof structureDraftForm>;

/** The API's body, or the messages by field path. */
export function prepare(
  v: DraftValues,
): { ok: true; body: DraftBody } | { ok: false; errors: Record<string, string[]> } {
  const r = structureDraftForm.safeParse(formInput(v));
  if (r.success) return { ok: true, body: r.data };
  const errors: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const path = issue.path.join('.');
    errors[path] = [...(errors[path] ?? []), issue.message];
  }
  return { ok: false, errors };
}

/** What the editor compares to know whether the values differ from the saved draft. */
export const fingerprint = (v: DraftValues) => JSON.stringify(formInput(v));
