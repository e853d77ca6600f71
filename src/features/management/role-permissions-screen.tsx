import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { ApiError } from '~/lib/http.ts';
import { parseId } from '~/lib/route-params.ts';
import { Button } from '~/ui/button.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { formatNumber } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { managementKeys, type PermissionItem, rolePermissionsQuery, saveRolePermissions } from './api.ts';
import { CheckItem, checklist, sameIds, toggleId } from './checklist.tsx';
import { groupLabel } from './labels.tsx';

const groupsCss = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  alignItems: 'start',
  gap: '3',
});
const single = css({ gridTemplateColumns: '1fr !important' });
const fieldset = css({
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  px: '4',
  pb: '3',
  m: 0,
  '& legend': { px: '1', fontWeight: 600, fontSize: '14px' },
});
const groupHead = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  mb: '2',
  fontSize: '13px',
  color: 'muted',
});
const bar = css({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  mt: '4',
  py: '3',
  bg: 'canvas',
  fontSize: '13px',
  color: 'muted',
});
const note = css({
  p: '3',
  mb: '4',
  borderRadius: '6px',
  bg: 'warning.soft',
  color: 'warning',
  fontSize: '13px',
});

function groupsOf(permissions: readonly PermissionItem[]): [string, PermissionItem[]][] {
  const map = new Map<string, PermissionItem[]>();
  for (const p of permissions) map.set(p.group, [...(map.get(p.group) ?? []), p]);
  return [...map.entries()];
}

/**
 * /management/role/role-permissions/{id}: a role's permissions as a checklist grouped by area;
 * Ctrl+S saves. The change applies at each holder's next request.
 */
export function RolePermissionsScreen() {
  const { id: raw } = useParams({ from: '/management/role/role-permissions/$id' });
  const id = parseId(raw) ?? 0;
  const query = useQuery(rolePermissionsQuery(id));
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setChosen(query.data ? [...query.data.permission_ids] : null), [query.data]);
  const groups = useMemo(() => groupsOf(query.data?.permissions ?? []), [query.data]);

  const superAdmin = query.data?.role.type === 'super_admin';
  const dirty = !!query.data && !!chosen && !sameIds(chosen, query.data.permission_ids);
  const save = async () => {
    if (!chosen || !dirty || saving || superAdmin) return;
    setSaving(true);
    try {
      await saveRolePermissions(id, chosen);
      toast.positive('دسترسی‌ها ذخیره شد؛ از درخواست بعدی دارندگان این نقش اعمال می‌شود');
      await queryClient.invalidateQueries({ queryKey: managementKeys.roles });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setSaving(false);
    }
  };
  useShortcuts({
    '$mod+KeyS': (e) => {
      e.preventDefault();
      void save();
    },
  });

  const data = query.data;
  if (!data || !chosen) {
    return (
      <>
        <PageHeader />
        {query.isPending ? (
          <SkeletonRows rows={8} columns={3} />
        ) : (
          <EmptyState title="دسترسی‌های این نقش بارگیری نشد" shortcut="Escape">
            {query.error?.message} برای بازگشت به فهرست نقش‌ها
          </EmptyState>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={`دسترسی‌های نقش «${data.role.title}»`}
        description={`${formatNumber(chosen.length)} از ${formatNumber(data.permissions.length)} دسترسی`}
      />
      <p className={note} role="note">
        {superAdmin
          ? 'این نقش مدیر کل است و همه دسترسی‌ها را دارد؛ دسترسی‌هایش تغییر نمی‌کند.'
          : 'هر تغییر از درخواست بعدی دارندگان این نقش اعمال می‌شود؛ نیازی به ورود دوباره نیست.'}
      </p>
      <div className={groupsCss}>
        {groups.map(([group, items]) => {
          const ids = items.map((p) => p.id);
          const held = ids.filter((x) => chosen.includes(x)).length;
          const all = held === ids.length;
          return (
            <fieldset key={group} className={fieldset} disabled={superAdmin}>
              <legend>{groupLabel(group)}</legend>
              <div className={groupHead}>
                <span>
                  {formatNumber(held)} از {formatNumber(ids.length)}
                </span>
                <Button
                  size="sm"
                  tone="ghost"
                  onClick={() => setChosen((c) => ids.reduce((acc, x) => toggleId(acc, x, !all), c ?? []))}
                >
                  {all ? 'برداشتن همه این گروه' : 'انتخاب همه این گروه'}
                </Button>
              </div>
              <ul className={`${checklist} ${single}`} aria-label={groupLabel(group)}>
                {items.map((p) => (
                  <CheckItem
                    key={p.id}
                    checked={chosen.includes(p.id)}
                    onChange={(on) => setChosen((c) => toggleId(c ?? [], p.id, on))}
                    title={p.title}
                    detail={<span dir="ltr">{p.ident}</span>}
                  />
                ))}
              </ul>
            </fieldset>
          );
        })}
      </div>
      {!superAdmin && (
        <div className={bar}>
          <Button tone="primary" shortcut="$mod+KeyS" disabled={!dirty || saving} onClick={() => void save()}>
            ذخیره دسترسی‌ها
          </Button>
          <span role="status">{dirty ? 'تغییرات ذخیره نشده است' : 'ذخیره شده'}</span>
        </div>
      )}
    </>
  );
}
