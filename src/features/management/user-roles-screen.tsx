import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { parseId } from '~/lib/route-params.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { Card } from '~/ui/card.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { toast } from '~/ui/toaster.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { managementKeys, saveUserRoles, userRolesQuery } from './api.ts';
import { CheckItem, checklist, sameIds, toggleId } from './checklist.tsx';
import { roleTypeLabel, UserStatusBadge } from './labels.tsx';

const note = css({ fontSize: '13px', color: 'muted', m: 0 });
const bar = css({ display: 'flex', alignItems: 'center', gap: '3', mt: '4' });

/** /management/users/user-roles/{id}: the roles a user may work in, as checkboxes; Ctrl+S saves. */
export function UserRolesScreen() {
  const { id: raw } = useParams({ from: '/management/users/user-roles/$id' });
  const id = parseId(raw) ?? 0;
  const query = useQuery(userRolesQuery(id));
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setChosen(query.data ? [...query.data.role_ids] : null), [query.data]);

  const dirty = !!query.data && !!chosen && !sameIds(chosen, query.data.role_ids);
  const save = async () => {
    if (!chosen || !dirty || saving) return;
    setSaving(true);
    try {
      await saveUserRoles(id, chosen);
      toast.positive('نقش‌ها ذخیره شد؛ از درخواست بعدی کاربر اعمال می‌شود');
      await queryClient.invalidateQueries({ queryKey: managementKeys.users });
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
          <SkeletonRows rows={5} columns={2} />
        ) : (
          <EmptyState title="نقش‌های این کاربر بارگیری نشد" shortcut="Escape">
            {query.error?.message} برای بازگشت به فهرست کاربران
          </EmptyState>
        )}
      </>
    );
  }
  const u = data.user;
  return (
    <>
      <PageHeader
        title={`نقش‌های ${u.first_name} ${u.last_name}`}
        description={
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <span dir="ltr">{u.username}</span>
            <UserStatusBadge status={u.status} />
            {u.mobile && <span dir="ltr">{toPersianDigits(u.mobile)}</span>}
          </span>
        }
      />
      <Card title="نقش‌ها">
        <p className={note}>
          کاربر پس از ورود یکی از این نقش‌ها را برمی‌گزیند و تنها صفحه‌های همان نقش را می‌بیند.
        </p>
        <ul className={checklist} aria-label="نقش‌ها" style={{ marginTop: 12 }}>
          {data.roles.map((r) => (
            <CheckItem
              key={r.id}
              checked={chosen.includes(r.id)}
              onChange={(on) => setChosen((c) => toggleId(c ?? [], r.id, on))}
              title={
                <>
                  {r.title} {r.type === 'super_admin' && <Badge tone="accent">{roleTypeLabel(r.type)}</Badge>}
                </>
              }
              detail={<span dir="ltr">{r.name}</span>}
            />
          ))}
        </ul>
        <div className={bar}>
          <Button tone="primary" shortcut="$mod+KeyS" disabled={!dirty || saving} onClick={() => void save()}>
            ذخیره نقش‌ها
          </Button>
          <span className={note} role="status">
            {dirty ? 'تغییرات ذخیره نشده است' : 'ذخیره شده'}
          </span>
        </div>
      </Card>
    </>
  );
}
