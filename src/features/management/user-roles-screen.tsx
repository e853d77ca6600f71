import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { parseId } from '~/lib/route-params.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { Card } from '~/ui/card.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { managementKeys, saveUserRoles, userRolesQuery } from './api.ts';
import { CheckItem, ChecklistNotReady, checklist, toggleId, useChecklistSave } from './checklist.tsx';
import { roleTypeLabel, UserStatusBadge } from './labels.tsx';

const note = css({ fontSize: '13px', color: 'muted', m: 0 });
const bar = css({ display: 'flex', alignItems: 'center', gap: '3', mt: '4' });

/** /management/users/user-roles/{id}: the roles a user may work in, as checkboxes; Ctrl+S saves. */
export function UserRolesScreen() {
  const { id: raw } = useParams({ from: '/management/users/user-roles/$id' });
  const id = parseId(raw) ?? 0;
  const query = useQuery(userRolesQuery(id));
  const { chosen, setChosen, dirty, saving, save } = useChecklistSave({
    data: query.data,
    idsOf: (d) => d.role_ids,
    persist: (ids) => saveUserRoles(id, ids),
    savedMessage: 'نقش‌ها ذخیره شد؛ از درخواست بعدی کاربر اعمال می‌شود',
    invalidate: managementKeys.users,
  });

  const data = query.data;
  if (!data || !chosen) {
    return (
      <ChecklistNotReady
        pending={query.isPending}
        rows={5}
        columns={2}
        title="نقش‌های این کاربر بارگیری نشد"
        error={query.error?.message}
        back="برای بازگشت به فهرست کاربران"
      />
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
