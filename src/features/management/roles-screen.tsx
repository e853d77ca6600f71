import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, type RefObject, useCallback, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { searchKey } from '~/domain/persian-text.ts';
import { ApiError, api } from '~/lib/http.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { Card } from '~/ui/card.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import type { ListParams, ListSearch } from '~/ui/data-table/types.ts';
import { Field } from '~/ui/field.tsx';
import { formatNumber } from '~/ui/format.ts';
import { Input, input } from '~/ui/input.tsx';
import { Kbd } from '~/ui/kbd.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { createRole, managementKeys, type RoleSummary } from './api.ts';
import { roleTypeLabel } from './labels.tsx';

const layout = css({
  display: 'grid',
  gap: '4',
  alignItems: 'start',
  md: { gridTemplateColumns: 'minmax(0, 1fr) 320px' },
});
const form = css({ display: 'flex', flexDirection: 'column', gap: '3' });

const col = columnHelper<RoleSummary>();
const columns = col.columns([
  col.accessor('title', {
    header: 'عنوان نقش',
    size: 200,
    enableSorting: false,
    meta: { grow: 1 },
    cell: ({ row }) => (
      <Link
        to="/management/role/role-permissions/$id"
        params={{ id: String(row.original.id) }}
        tabIndex={-1}
        onClick={(e) => e.stopPropagation()}
      >
        {row.original.title}
      </Link>
    ),
  }),
  col.accessor('name', {
    header: 'نام لاتین',
    size: 140,
    enableSorting: false,
    cell: (c) => <span dir="ltr">{c.getValue()}</span>,
  }),
  col.accessor('type', {
    header: 'گونه',
    size: 190,
    enableSorting: false,
    cell: (c) => (
      <Badge tone={c.getValue() === 'super_admin' ? 'accent' : 'neutral'}>
        {roleTypeLabel(c.getValue())}
      </Badge>
    ),
  }),
  col.accessor('users', {
    header: 'کاربران (نفر)',
    size: 100,
    enableSorting: false,
    meta: { numeric: true },
    cell: (c) => formatNumber(c.getValue()),
  }),
  col.accessor('permissions', {
    header: 'دسترسی‌ها',
    size: 100,
    enableSorting: false,
    meta: { numeric: true },
    cell: (c) => formatNumber(c.getValue()),
  }),
]);

/** The roles answer is a short array: the search box filters it in the browser. */
async function fetchRoles(params: ListParams, signal: AbortSignal) {
  const all = await api<RoleSummary[]>('/api/management/roles', { signal, quiet: true });
  const key = params.q ? searchKey(params.q) : '';
  const data = key ? all.filter((r) => searchKey(`${r.title} ${r.name}`).includes(key)) : all;
  return { data, total: data.length, page: 1, per_page: data.length, next_cursor: null };
}

const rowId = (r: RoleSummary) => String(r.id);

function CreateRole({ titleRef }: { titleRef: RefObject<HTMLInputElement | null> }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({ title: '', name: '' });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const role = await createRole(values);
      toast.positive(`نقش «${role.title}» ساخته شد؛ اکنون دسترسی‌هایش را برگزینید`);
      setValues({ title: '', name: '' });
      await queryClient.invalidateQueries({ queryKey: managementKeys.roles });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      setErrors(Object.keys(err.fields).length ? err.fields : { title: [err.message] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="نقش تازه" actions={<Kbd binding="KeyN" />}>
      <form className={form} onSubmit={submit} noValidate>
        <Field label="عنوان فارسی" error={errors.title} required>
          <input
            className={input({})}
            ref={titleRef}
            value={values.title}
            onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
            maxLength={100}
          />
        </Field>
        <Field
          label="نام لاتین"
          hint="حروف کوچک لاتین، رقم و _ ؛ مثل auditor_senior"
          error={errors.name}
          required
        >
          <Input
            ltr
            value={values.name}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
            maxLength={64}
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
        <Button type="submit" tone="primary" disabled={busy} aria-busy={busy || undefined}>
          ساختن نقش
        </Button>
      </form>
    </Card>
  );
}

/** /management/roles: the roles with their counts (Enter opens a role's permissions) and a form for a new one (N). */
export function RolesScreen() {
  const search = useSearch({ from: '/management/roles' });
  const navigate = useNavigate({ from: '/management/roles' });
  const titleRef = useRef<HTMLInputElement>(null);
  useShortcuts({
    KeyN: (e) => {
      e.preventDefault();
      titleRef.current?.focus();
    },
  });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const open = useCallback(
    (r: RoleSummary) =>
      navigate({ to: '/management/role/role-permissions/$id', params: { id: String(r.id) } }),
    [navigate],
  );
  return (
    <>
      <PageHeader description="هر نقش مجموعه‌ای از دسترسی‌هاست؛ کاربر پس از ورود یکی از نقش‌هایش را برمی‌گزیند" />
      <div className={layout}>
        <DataTable
          id="roles"
          label="فهرست نقش‌ها"
          columns={columns}
          search={search}
          onSearchChange={onSearchChange}
          queryKey={managementKeys.roles}
          fetchPage={fetchRoles}
          getRowId={rowId}
          onOpen={open}
          searchPlaceholder="عنوان یا نام نقش"
          emptyText="هنوز نقشی ساخته نشده است"
          emptyHint="با کلید N نقش تازه‌ای بسازید."
        />
        <CreateRole titleRef={titleRef} />
      </div>
    </>
  );
}
