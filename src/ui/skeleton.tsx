import { css, cx } from 'styled-system/css';

const bar = css({
  display: 'block',
  h: '12px',
  borderRadius: '3px',
  bgImage: 'linear-gradient(90deg, token(colors.subtle) 0%, #f7f6f5 50%, token(colors.subtle) 100%)',
  bgSize: '200% 100%',
  animation: 'shimmer 1.4s linear infinite',
});
const row = css({ display: 'flex', alignItems: 'center', gap: '4', h: '34px', px: '3' });

/** A grey bar where text will be. */
export function Skeleton({ width = '100%', className }: { width?: string | number; className?: string }) {
  return <span aria-hidden="true" className={cx(bar, className)} style={{ width }} />;
}

/**
 * Placeholder rows while a list loads (never a spinner over a blank page). Announced once as
 * "در حال بارگذاری".
 */
export function SkeletonRows({ rows = 8, columns = 4 }: { rows?: number; columns?: number }) {
  return (
    <div role="status" aria-label="در حال بارگذاری">
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={r} className={row}>
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={c} width={`${[28, 18, 22, 14, 16][(c + r) % 5]}%`} />
          ))}
        </div>
      ))}
    </div>
  );
}
