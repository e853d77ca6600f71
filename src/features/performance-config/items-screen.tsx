import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { css } from 'styled-system/css';
import { performanceItemEntity, ratingBandEntity } from '~/contract/performance-config.ts';
import { RATING_DIMENSION_LABELS_FA, type RatingDimension } from '~/domain/finance/rating.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { EntityListScreen } from '~/ui/entity/entity-list-screen.tsx';
import { formatNumber } from '~/ui/format.ts';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { ViewSwitch } from '~/ui/view-switch.tsx';
import type { ItemsSearch } from './search.ts';

const VIEWS = [
  { id: undefined, title: 'شاخص‌ها', key: 'Digit1' },
  { id: 'bands', title: 'رده‌های رتبه', key: 'Digit2' },
] as const;

const num = (v: unknown) => formatNumber(String(v));

/**
 * /performance/items (permission performance; changes performance.manage): the rating's items
 * (group, weight, source, scale, direction) and, as a second view (2, or `?view=bands`), the grade
 * bands. N new, E or Enter edit, Delete delete, in either; 1 and 2 switch the view.
 */
export function ItemsScreen() {
  const search = useSearch({ from: '/performance/items' }) as ItemsSearch;
  const navigate = useNavigate({ from: '/performance/items' });
  const view = search.view;
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) =>
      navigate({ search: { ...next, view } as never, replace: opts?.replace }),
    [navigate, view],
  );
  const show = (id: 'bands' | undefined) => navigate({ search: (id ? { view: id } : {}) as never });
  useShortcuts({ Digit1: () => show(undefined), Digit2: () => show('bands') });
  const switcher = (
    <ViewSwitch label="نمایش" views={VIEWS} value={view} onChange={show} className={css({ mt: '2' })} />
  );
  return (
    <>
      {view === 'bands' ? (
        <EntityListScreen
          key="bands"
          entity={ratingBandEntity}
          description={
            <>
              {ratingBandEntity.intro}
              {switcher}
            </>
          }
          search={search}
          onSearchChange={onSearchChange}
          cells={{ min_score: (r) => num(r.min_score) }}
        />
      ) : (
        <EntityListScreen
          key="items"
          entity={performanceItemEntity}
          description={
            <>
              {performanceItemEntity.intro}
              {switcher}
            </>
          }
          search={search}
          onSearchChange={onSearchChange}
          cells={{
            dimension: (r) =>
              RATING_DIMENSION_LABELS_FA[r.dimension as RatingDimension] ?? String(r.dimension),
            weight: (r) => num(r.weight),
            scale_min: (r) => num(r.scale_min),
            scale_max: (r) => num(r.scale_max),
            source_code: (r) => <span dir="ltr">{String(r.source_code)}</span>,
            code: (r) => <span dir="ltr">{String(r.code)}</span>,
          }}
        />
      )}
    </>
  );
}
