import type { CSSProperties, ReactNode } from 'react';
import { GOING_BACK, useForbiddenAnswer } from '../use-forbidden-answer.ts';
import * as s from './styles.ts';

/**
 * Grey bars in the shape of rows: what a list shows while its rows are on the way (the first
 * answer, or a block of the windowed list still being read: `index` is then its position).
 */
export function SkeletonRow({
  columns,
  style,
  index,
}: {
  columns: number;
  style: CSSProperties;
  index?: number;
}) {
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a placeholder row, nothing in it is focusable
    <tr className={s.row} style={style} aria-hidden="true" data-skeleton="" data-position={index}>
      <td />
      {Array.from({ length: columns }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <td key={i} className={s.cell}>
          <span className={s.skeletonBar} style={{ width: `${45 + ((i * 37) % 45)}%` }} />
        </td>
      ))}
    </tr>
  );
}

/** A key cap in running text. */
export function Kbd({ children }: { children: ReactNode }) {
  return <kbd className={s.kbd}>{children}</kbd>;
}

/**
 * A message in place of the rows (empty list, failed load), as one row spanning the grid so
 * the grid's structure stays valid for screen readers.
 */
export function MessageRow({
  colCount,
  tone,
  title,
  children,
}: {
  colCount: number;
  tone?: 'danger';
  title: string;
  children?: ReactNode;
}) {
  return (
    <tr aria-rowindex={2} className={s.messageRow}>
      <td colSpan={colCount} className={s.message} data-tone={tone}>
        <strong>{title}</strong>
        {children}
      </td>
    </tr>
  );
}

/**
 * What the grid shows instead of rows: a failed load (R retries) or an empty list or view. A
 * refused load (403) gets the error catalogue's answer instead of a retry.
 */
export function ListMessage({
  colCount,
  error,
  onRetry,
  filtered,
  emptyText,
  emptyHint,
}: {
  colCount: number;
  /** The failed first load, if it failed. */
  error: Error | null;
  onRetry(): void;
  /** A search or filter narrows the view (the empty message then says how to widen it). */
  filtered: boolean;
  emptyText?: string;
  emptyHint?: ReactNode;
}) {
  const forbidden = useForbiddenAnswer(error);
  if (error && forbidden)
    return (
      <MessageRow colCount={colCount} tone="danger" title={error.message}>
        <span>{GOING_BACK}</span>
      </MessageRow>
    );
  if (error)
    return (
      <MessageRow colCount={colCount} tone="danger" title="فهرست بارگیری نشد">
        <span>{error.message}</span>
        <span>
          برای تلاش دوباره <Kbd>R</Kbd> را بزنید یا{' '}
          <button type="button" className={s.button} onClick={onRetry}>
            دوباره تلاش کنید
          </button>
        </span>
      </MessageRow>
    );
  return (
    <MessageRow
      colCount={colCount}
      title={filtered ? 'موردی با این جست‌وجو و فیلترها پیدا نشد' : (emptyText ?? 'هنوز موردی ثبت نشده است')}
    >
      {filtered ? (
        <span>
          عبارت دیگری را با <Kbd>/</Kbd> جست‌وجو کنید یا همه فیلترها را با <Kbd>Shift+C</Kbd> پاک کنید.
        </span>
      ) : (
        emptyHint
      )}
    </MessageRow>
  );
}
