import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { OWNER_TYPE_TITLES, OWNERS } from '~/contract/owners.ts';
import { canOpen } from '~/lib/guard.ts';
import { ApiError } from '~/lib/http.ts';
import { ownedApi } from '~/lib/owned-api.ts';
import type { RecordSectionProps } from '~/lib/record-sections.ts';
import { personKeys } from '~/lib/records.ts';
import { readSession } from '~/lib/session.ts';
import { Button } from '../button.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { type StaticColumn, StaticTable } from '../data-table/static-table.tsx';
import { formatField } from '../entity/columns.tsx';
import { formatNumber } from '../format.ts';
import { toast } from '../toaster.tsx';
import { whenNoDialog } from '../when-no-dialog.ts';
import { useFormCommand } from './commands.ts';
import { RecordSection } from './record-parts.tsx';

type Row = { id: number } & Record<string, unknown>;

/** What the add key does: its key, its button's text, its palette command. */
export interface OwnedAdd {
  /** The palette command's id (`contacts.legal.new`). */
  id: string;
  /** Physical key (`KeyC`). */
  key: string;
  /** The button's text (`افزودن`). */
  label: string;
  /** The command's title (`افزودن راه ارتباطی`) and search words. */
  title: string;
  keywords: string[];
  /** What it does instead of opening `form` (the branch's own page). */
  run?(): void;
}

/** The create/edit dialog of a row (null: a new one); `onSaved` after the server accepted it. */
export type OwnedForm<R> = (props: { row: R | null; onClose(): void; onSaved(): void }) => ReactNode;

/** What the section reads of a sub-record's description (contract/entity.ts). */
export type OwnedSectionEntity = Pick<EntityDescription, 'name' | 'title' | 'plural' | 'owner'> & {
  fields: Readonly<Record<string, EntityField>>;
  display: string;
};

export interface OwnedSectionProps<R extends Row> {
  /** The sub-record, described once (contract), with its `owner`. */
  entity: OwnedSectionEntity;
  /** The record the section sits in (what record-sections gives a registered section). */
  at: RecordSectionProps;
  /** The section's element id and `#hash` (`contacts`). */
  id: string;
  /** The rows, when the record's detail carries them; else they are fetched from the entity's list path. */
  rows?: readonly R[];
  /** Cells of their own for some columns (the rest are formatted by the field's type). */
  cells?: Partial<Record<string, (row: R) => ReactNode>>;
  add: OwnedAdd;
  /** An empty table: `none` (`اطلاعات تماسی`) «ثبت نشده است»; editors also read `hint` (`با کلید C یکی بیفزایید`). */
  empty: { none: string; hint: string };
  /** What a failed load says, before «؛ صفحه را دوباره بارگذاری کنید.». */
  failed?: string;
  /** The count's noun (default: the entity's title). */
  unit?: string;
  /** The dialog the add key opens; with `edits`, each row's edit button opens it on the row. */
  form?: OwnedForm<R>;
  edits?: boolean;
  /** The toast after `form` saved (`row` null: a new one). */
  saved?(row: R | null): string;
  /** A row's edit link, when it is edited on a page of its own. */
  editLink?(row: R): ReactNode;
  /** Delete, with a confirmation: what it says of the row, and the toast after. */
  remove?: { describe(row: R): string; done(row: R): string };
  /** Other queries a change makes stale (the document types' counts of use). */
  reloads?: readonly QueryKey[];
}

const OWNER_DETAIL = { legal: personKeys.legalOne, true: personKeys.trueOne };
const failedCss = css({ p: '4', m: 0, color: 'danger' });
const actionsCss = css({ display: 'inline-flex', gap: '1' });

/**
 * A record page's section listing a sub-record of the record (contacts, documents, branches):
 * the columns its description marks (`column`), and, for a role that may edit the owner, the add
 * key (and its button and palette command), each row's edit (the `form` dialog, or `editLink`)
 * and delete (asking first). After a change the section's rows and the owner's detail reload.
 */
export function OwnedSection<R extends Row>(props: OwnedSectionProps<R>) {
  const { entity, at, add, form } = props;
  const calls = useMemo(() => ownedApi<R>(entity, { type: at.kind, id: at.id }), [entity, at.kind, at.id]);
  const query = useQuery({ ...calls.rows, enabled: !props.rows });
  const client = useQueryClient();
  const [editing, setEditing] = useState<{ row: R | null } | null>(null);
  const [removing, setRemoving] = useState<R | null>(null);
  const [busy, setBusy] = useState(false);
  const editPage = `${OWNERS[at.kind].editPage}${at.id}`;
  const canEdit = useMemo(() => canOpen(editPage, readSession()), [editPage]);
  const open = add.run ?? (() => setEditing({ row: null }));
  useFormCommand({
    id: add.id,
    title: add.title,
    shortcut: add.key,
    group: OWNER_TYPE_TITLES[at.kind],
    path: editPage,
    keywords: add.keywords,
    run: () => whenNoDialog(open),
  });
  const refresh = async () => {
    await client.invalidateQueries({ queryKey: calls.keys.all });
    await client.invalidateQueries({ queryKey: OWNER_DETAIL[at.kind](at.id) });
    for (const queryKey of props.reloads ?? []) await client.invalidateQueries({ queryKey });
  };
  const confirmRemove = async () => {
    if (!removing || !props.remove) return;
    setBusy(true);
    try {
      await calls.remove(removing.id);
      toast.positive(props.remove.done(removing));
      setRemoving(null);
      await refresh();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };

  const rows = props.rows ?? query.data;
  const named = (r: R) => String(r[entity.display]);
  const actions = (r: R) => (
    <span className={actionsCss}>
      {props.editLink?.(r)}
      {props.edits && (
        <Button
          size="sm"
          tone="ghost"
          aria-label={`ویرایش ${named(r)}`}
          onClick={() => setEditing({ row: r })}
        >
          ویرایش
        </Button>
      )}
      {props.remove && (
        <Button size="sm" tone="ghost" aria-label={`حذف ${named(r)}`} onClick={() => setRemoving(r)}>
          حذف
        </Button>
      )}
    </span>
  );
  const columns: StaticColumn<R>[] = Object.entries(entity.fields)
    .filter(([, f]) => f.column)
    .map(([name, f]) => ({
      header: f.column!.header ?? f.label,
      width: f.column!.grow ? undefined : `${f.column!.width / 16}rem`,
      numeric: f.type === 'int' || f.type === 'timestamp',
      cell: props.cells?.[name] ?? ((r: R) => formatField(f, r[name])),
    }));
  const both = !!props.edits && !!props.remove;
  if (canEdit) columns.push({ header: 'عملیات', width: both ? '9rem' : '5rem', cell: actions });
  const none = `${props.empty.none} ثبت نشده است`;
  return (
    <RecordSection
      id={props.id}
      title={entity.plural}
      shortcut={at.shortcut}
      count={rows ? `${formatNumber(rows.length)} ${props.unit ?? entity.title}` : undefined}
      actions={
        canEdit && (
          <Button size="sm" shortcut={add.key} onClick={open}>
            {add.label}
          </Button>
        )
      }
    >
      {query.isError ? (
        <p className={failedCss}>{props.failed}؛ صفحه را دوباره بارگذاری کنید.</p>
      ) : (
        <StaticTable
          caption={entity.plural}
          rows={rows ?? []}
          empty={!rows ? 'در حال بارگیری…' : canEdit ? `${none}؛ ${props.empty.hint}.` : `${none}.`}
          columns={columns}
        />
      )}
      {editing &&
        form?.({
          row: editing.row,
          onClose: () => setEditing(null),
          onSaved: () => {
            if (props.saved) toast.positive(props.saved(editing.row));
            setEditing(null);
            void refresh();
          },
        })}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        tone="danger"
        busy={busy}
        title={`${entity.title} حذف شود؟`}
        description={removing && props.remove?.describe(removing)}
        confirmLabel="حذف"
        onConfirm={confirmRemove}
      />
    </RecordSection>
  );
}
