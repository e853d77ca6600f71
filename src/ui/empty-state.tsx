import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Kbd } from './kbd.tsx';

const wrap = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: '2',
  py: '10',
  px: '4',
  color: 'muted',
});
const titleCss = css({ fontSize: '15px', fontWeight: '600', color: 'ink', m: '0' });
const hintCss = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: '13px' });

export interface EmptyStateProps {
  title: ReactNode;
  /** What to do next, in a sentence. */
  children?: ReactNode;
  /** The key that does it, shown beside the sentence. */
  shortcut?: string;
  /** A button or link that does it. */
  action?: ReactNode;
}

/** An empty list or a missing thing: says what to do next and the key that does it. */
export function EmptyState({ title, children, shortcut, action }: EmptyStateProps) {
  return (
    <div className={wrap}>
      <p className={titleCss}>{title}</p>
      {(children || shortcut) && (
        <p className={hintCss}>
          {children}
          {shortcut && <Kbd binding={shortcut} />}
        </p>
      )}
      {action}
    </div>
  );
}
