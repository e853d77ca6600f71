import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/**
 * «چگونه؟»: how a figure was made (its formula, its chains), folded under the figure; the
 * details open on Enter or Space as any disclosure. `onOpen` lets what it shows load only when
 * it is first opened.
 */
export function How({ children, onOpen }: { children: ReactNode; onOpen?: () => void }) {
  return (
    <details onToggle={(e) => (e.currentTarget.open ? onOpen?.() : undefined)}>
      <summary>چگونه؟</summary>
      <div className={css({ fontSize: '12px', color: 'ink', mt: '1', display: 'grid', gap: '1' })}>
        {children}
      </div>
    </details>
  );
}
