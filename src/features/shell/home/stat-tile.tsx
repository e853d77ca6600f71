import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { Kbd } from '~/ui/kbd.tsx';
import { Skeleton } from '~/ui/skeleton.tsx';

const tile = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '4',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  color: 'ink',
  textDecoration: 'none',
  minH: '96px',
});
const linked = css({ _hover: { borderColor: 'line.strong' } });
const label = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  fontSize: '13px',
  color: 'muted',
});
const value = css({
  fontSize: '26px',
  fontWeight: '700',
  lineHeight: '1.3',
  fontVariantNumeric: 'tabular-nums',
});
const note = css({ fontSize: '12px', color: 'muted' });

export interface StatTileProps {
  label: string;
  /** Formatted; undefined while loading. */
  value: ReactNode | undefined;
  note?: ReactNode;
  to?: string;
  shortcut?: string;
}

/** One number on the dashboard, optionally a link (with its go-to keys). */
export function StatTile({ label: text, value: shown, note: small, to, shortcut }: StatTileProps) {
  const inner = (
    <>
      <span className={label}>
        {text}
        {shortcut && <Kbd binding={shortcut} />}
      </span>
      <span className={value}>{shown === undefined ? <Skeleton width="60%" /> : shown}</span>
      {small && <span className={note}>{small}</span>}
    </>
  );
  return to ? (
    <Link to={to} className={cx(tile, linked)}>
      {inner}
    </Link>
  ) : (
    <div className={tile}>{inner}</div>
  );
}
