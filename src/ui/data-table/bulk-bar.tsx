import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../button.tsx';
import { formatNumber } from '../format.ts';
import type { BulkAction, UndoOffer } from './types.ts';

const bar = css({ display: 'inline-flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });

/** The bulk actions of a list while rows are selected: one button each, with its key. */
export function BulkBar({
  actions,
  busy,
  onRun,
}: {
  actions: readonly BulkAction[];
  busy: boolean;
  onRun(action: BulkAction): void;
}) {
  if (actions.length === 0) return null;
  return (
    <div role="toolbar" aria-label="عملیات گروهی" className={bar}>
      {actions.map((a) => (
        <Button
          key={a.id}
          size="sm"
          tone={a.tone ?? 'secondary'}
          shortcut={a.key}
          disabled={busy}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onRun(a)}
        >
          {a.title}
        </Button>
      ))}
    </div>
  );
}

const undoBar = css({
  position: 'fixed',
  insetBlockEnd: '6',
  insetInlineStart: '50%',
  transform: 'translateX(50%)',
  zIndex: 50,
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '4',
  py: '2',
  borderRadius: '6px',
  bg: 'second',
  color: 'white',
  fontSize: '14px',
  boxShadow: '0 2px 8px rgba(0,0,0,0.25)',
  '& [data-count]': { fontVariantNumeric: 'tabular-nums' },
});

/**
 * The result of the last bulk action with its undo button and a countdown to the end of its
 * undo window (seconds; minutes when more than a minute and a half is left); Ctrl/⌘+Z does the
 * same (the list reads the key). `depth`: the offers on the undo stack, this one included: more
 * than one says how many earlier ones Ctrl/⌘+Z takes back after it. Hides itself at zero.
 */
export function UndoBar({
  offer,
  depth = 1,
  onUndo,
  onExpire,
}: {
  offer: UndoOffer;
  depth?: number;
  onUndo(): void;
  onExpire(): void;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((offer.until - now) / 1000));
  useEffect(() => {
    if (left <= 0) onExpire();
  }, [left, onExpire]);
  return (
    <div role="status" aria-label="نتیجه عملیات گروهی" className={undoBar}>
      <span>{offer.message}</span>
      <Button
        size="sm"
        tone="primary"
        shortcut="$mod+KeyZ"
        onMouseDown={(e) => e.preventDefault()}
        onClick={onUndo}
      >
        بازگرداندن
      </Button>
      {depth > 1 && <span data-depth="">و {formatNumber(depth - 1)} عملیات پیش از آن</span>}
      <span aria-live="off">
        {left > 90 ? (
          <>
            <span data-count="">{formatNumber(Math.ceil(left / 60))}</span> دقیقه
          </>
        ) : (
          <>
            <span data-count="">{formatNumber(left)}</span> ثانیه
          </>
        )}
      </span>
    </div>
  );
}
