import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  type FormEvent,
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useMemo,
  useRef,
} from 'react';
import { css } from 'styled-system/css';
import { searchKey } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { wholePage } from '~/lib/list-page.ts';
import { Button } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import type { DataColumn } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListParams, ListSearch, RowAction } from '~/ui/data-table/types.ts';
import { Dialog } from '~/ui/dialog.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useRowEditing } from '~/ui/use-row-editing.ts';

/**
 * The shared parts of the two management screens (questions and provisions): a short list
 * filtered in the browser, a create/edit dialog checked with the contract's schema (the server's
 * 422 messages under their fields), activate/deactivate, and delete with confirmation (a 409 —
 * already answered or accepted — is toasted by the error catalogue: deactivate it instead).
 * Keys: N new, Enter or E edit, A activate/deactivate, Delete delete.
 */

export interface Managed {
  id: number;
  active: boolean;
}

export interface RowHandlers<T> {
  edit(row: T): void;
  toggle(row: T): void;
  remove(row: T): void;
}

const actionsCell = css({ display: 'flex', gap: '1', alignItems: 'center' });

/** The actions column (buttons out of the tab order: the keys do the same). */
export function actionsCellFor<T extends Managed>(row: T, h: RowHandlers<T>) {
  const stop = (fn: () => void) => (e: { stopPropagation(): void }) => {
    e.stopPropagation();
    fn();
  };
  return (
    <span className={actionsCell}>
      <Button size="sm" tone="ghost" tabIndex={-1} onClick={stop(() => h.edit(row))}>
        ویرایش
      </Button>
      <Button size="sm" tone="ghost" tabIndex={-1} onClick={stop(() => h.toggle(row))}>
        {row.active ? 'غیرفعال کردن' : 'فعال کردن'}
      </Button>
      <Button size="sm" tone="ghost" tabIndex={-1} onClick={stop(() => h.remove(row))}>
        حذف
      </Button>
    </span>
  );
}

const formCss = css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '3' });
const rowCss = css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' });
const alertCss = css({ color: 'danger', fontSize: '13px', m: 0 });

/** A create/edit dialog around a form; Ctrl/⌘+Enter saves from anywhere in it. */
export function FormDialog({
  open,
  title,
  busy,
  error,
  onClose,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  /** A message with no field of its own. */
  error?: string;
  onClose(): void;
  onSubmit(e?: FormEvent): void;
  children: ReactNode;
}) {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit();
    }
  };
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title={title}>
      <form className={formCss} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate aria-label={title}>
        {children}
        {error && (
          <p role="alert" className={alertCss}>
            {error}
          </p>
        )}
        <div className={rowCss} style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose} disabled={busy}>
            انصراف
          </Button>
          <Button
            type="submit"
            tone="primary"
            disabled={busy}
            aria-busy={busy || undefined}
            shortcut="$mod+Enter"
          >
            ذخیره
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** A line of checkboxes (required, active) in a form. */
export const checkRow = rowCss;

export interface ManagedListProps<T extends Managed> {
  from: '/resume/terms' | '/resume/provisions';
  /** DataTable id and the grid's name. */
  id: string;
  label: string;
  description: string;
  /** The thing managed, for messages: "پرسش", "تعهد". */
  noun: string;
  /** The row's name in messages. */
  nameOf(row: T): string;
  /** Text the search box matches. */
  searchText(row: T): string;
  columns(handlers: { current: RowHandlers<T> }): DataColumn<T>[];
  queryKey: readonly unknown[];
  fetchAll(signal: AbortSignal): Promise<T[]>;
  /** PUT with `active` flipped. */
  setActive(row: T, active: boolean): Promise<unknown>;
  remove(row: T): Promise<unknown>;
  /** The create/edit dialog: `row` null for a new one; open while `open`. */
  renderForm(props: { open: boolean; row: T | null; onClose(): void; onSaved(): void }): ReactNode;
  emptyText: string;
}

/** One management screen: the list, its keys and commands, the dialogs. */
export function ManagedList<T extends Managed>(props: ManagedListProps<T>) {
  const { from, noun, nameOf, queryKey } = props;
  const search = useSearch({ from });
  const navigate = useNavigate({ from });
  const queryClient = useQueryClient();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  const toggle = async (row: T) => {
    try {
      await props.setActive(row, !row.active);
      toast.positive(`${noun} «${nameOf(row)}» ${row.active ? 'غیرفعال' : 'فعال'} شد`);
      await refresh();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      toast.negative(e.message);
    }
  };

  const handlers = useRef<RowHandlers<T>>(null!);
  // Between E (edit) and Delete: A makes a row active or inactive.
  const between = useMemo<RowAction<T>[]>(
    () => [
      {
        id: `${props.id}.toggle`,
        title: 'فعال یا غیرفعال کردن',
        key: 'KeyA',
        run: (r) => handlers.current.toggle(r),
      },
    ],
    [props.id],
  );
  const { editing, setEditing, removing, setRemoving, busy, rowActions, remove } = useRowEditing<T>({
    id: props.id,
    noun,
    group: props.label,
    between,
  });
  handlers.current = {
    edit: (row) => setEditing({ row }),
    toggle: (row) => void toggle(row),
    remove: (row) => setRemoving(row),
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns read the handlers through the ref
  const columns = useMemo(() => props.columns(handlers), []);

  const { fetchAll, searchText } = props;
  const fetchPage = useCallback(
    async (params: ListParams, signal: AbortSignal) => {
      const all = await fetchAll(signal);
      const key = params.q ? searchKey(params.q) : '';
      return wholePage(key ? all.filter((r) => searchKey(searchText(r)).includes(key)) : all);
    },
    [fetchAll, searchText],
  );
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );

  // A 409 (answered or accepted) is toasted by the error catalogue: deactivate it instead.
  const confirmRemove = () =>
    remove(async (row) => {
      await props.remove(row);
      toast.positive(`${noun} «${nameOf(row)}» حذف شد`);
      await refresh();
    });

  return (
    <>
      <PageHeader
        description={props.description}
        actions={
          <Button tone="primary" shortcut="KeyN" onClick={() => setEditing({ row: null })}>
            {noun} تازه
          </Button>
        }
      />
      <DataTable
        id={props.id}
        label={props.label}
        columns={columns}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={queryKey}
        fetchPage={fetchPage}
        getRowId={(r) => String(r.id)}
        onOpen={(r) => setEditing({ row: r })}
        rowActions={rowActions}
        searchPlaceholder={`بخشی از متن ${noun}`}
        emptyText={props.emptyText}
        emptyHint={<>با کلید N {noun} تازه‌ای بسازید.</>}
      />
      <Fragment key={editing ? (editing.row?.id ?? 'new') : 'closed'}>
        {props.renderForm({
          open: editing !== null,
          row: editing?.row ?? null,
          onClose: () => setEditing(null),
          onSaved: () => {
            toast.positive(editing?.row ? `${noun} ذخیره شد` : `${noun} تازه ساخته شد`);
            setEditing(null);
            void refresh();
          },
        })}
      </Fragment>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        tone="danger"
        busy={busy}
        title={`${noun} حذف شود؟`}
        description={
          removing &&
          `«${nameOf(removing)}» برای همیشه حذف می‌شود. اگر متقاضیان به آن پاسخ داده یا آن را پذیرفته باشند حذف نمی‌شود؛ آن را غیرفعال کنید.`
        }
        confirmLabel="حذف"
        onConfirm={confirmRemove}
      />
    </>
  );
}
