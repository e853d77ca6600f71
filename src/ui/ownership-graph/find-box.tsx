import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { formatNumber } from '../format.ts';
import { input } from '../input.tsx';
import { findNodes } from './find.ts';
import type { GraphNode } from './types.ts';

const MAX_SHOWN = 8;

const panel = css({
  position: 'absolute',
  insetBlockStart: '2',
  insetInlineStart: '2',
  zIndex: 10,
  width: '300px',
  padding: '2',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderRadius: '6px',
});
const list = css({ marginBlockStart: '1' });
const option = css({
  paddingInline: '2',
  paddingBlock: '1',
  borderRadius: '4px',
  fontSize: '13px',
  cursor: 'pointer',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '&[aria-selected=true]': { bg: 'first.soft', color: 'first.text', fontWeight: 600 },
});
const note = css({ fontSize: '12px', color: 'muted', marginBlockStart: '1' });

export type FindBoxProps = {
  nodes: GraphNode[];
  /** Focus and centre this node (the box closes). */
  onPick(id: string): void;
  onClose(): void;
};

/**
 * The canvas's find box (`/`): filters node labels as you type; ↓/↑ choose among the matches,
 * Enter focuses and centres the chosen one, Esc closes. The focus goes back to the canvas either way.
 */
export function FindBox({ nodes, onPick, onClose }: FindBoxProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const matches = useMemo(() => findNodes(nodes, query), [nodes, query]);
  const byId = useMemo(() => new Map(nodes.map((n) => [n.id, n])), [nodes]);
  const shown = matches.slice(0, MAX_SHOWN);
  const chosen = Math.min(active, shown.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.code === 'Escape') onClose();
    else if (event.code === 'Enter' && shown[chosen]) onPick(shown[chosen]);
    else if (event.code === 'ArrowDown') setActive(Math.min(chosen + 1, shown.length - 1));
    else if (event.code === 'ArrowUp') setActive(Math.max(chosen - 1, 0));
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className={panel} dir="rtl">
      <input
        className={input()}
        autoFocus
        role="combobox"
        aria-label="یافتن گره"
        aria-expanded={shown.length > 0}
        aria-controls={`${id}-list`}
        aria-activedescendant={shown[chosen] ? `${id}-${chosen}` : undefined}
        aria-autocomplete="list"
        placeholder="یافتن گره…"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          if (!e.currentTarget.parentElement?.contains(e.relatedTarget)) onClose();
        }}
      />
      <div className={list} id={`${id}-list`} role="listbox" aria-label="گره‌های یافته">
        {shown.map((nodeId, i) => (
          <div
            key={nodeId}
            tabIndex={-1}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === chosen}
            className={option}
            onMouseDown={(e) => {
              e.preventDefault();
              onPick(nodeId);
            }}
          >
            {byId.get(nodeId)?.label}
          </div>
        ))}
      </div>
      {query && (
        <p className={note} aria-live="polite">
          {matches.length === 0
            ? 'گرهی با این نام نیست'
            : matches.length > MAX_SHOWN
              ? `${formatNumber(matches.length)} مورد؛ ${formatNumber(MAX_SHOWN)} مورد نخست`
              : `${formatNumber(matches.length)} مورد`}
        </p>
      )}
    </div>
  );
}
