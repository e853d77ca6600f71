import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { cityEntity } from '~/contract/cities.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';

/**
 * /management/cities (management.system): the 1,354 cities of the official register, filtered by
 * province, county or name; E or Enter renames one (audited).
 */
export function CitiesScreen() {
  const search = useSearch({ from: '/management/cities' });
  const navigate = useNavigate({ from: '/management/cities' });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  return (
    <EntityListScreen
      entity={cityEntity}
      search={search}
      onSearchChange={onSearchChange}
      description="شهرهای کشور با شهرستان، استان و کد رسمی؛ نام شهر را می‌توان ویرایش کرد"
      emptyText="شهری با این جست‌وجو پیدا نشد"
    />
  );
}
