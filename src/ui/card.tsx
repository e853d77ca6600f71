import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { css, cx } from 'styled-system/css';

const card = css({
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
});
const head = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  minH: '40px',
  px: '4',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
});
const headTitle = css({ fontSize: '14px', fontWeight: '600', m: '0' });
const body = css({ p: '4' });

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** A heading (h2) in the card's top bar. */
  title?: ReactNode;
  /** Controls on the top bar's inline-end side. */
  actions?: ReactNode;
  /** Drop the body padding (tables that run to the edges). */
  flush?: boolean;
};

/** A bordered surface for a group of content; flat, no shadow. */
export function Card({ title, actions, flush, className, children, ...rest }: CardProps) {
  const id = useId();
  return (
    <section className={cx(card, className)} aria-labelledby={title ? id : undefined} {...rest}>
      {(title || actions) && (
        <header className={head}>
          {title && (
            <h2 id={id} className={headTitle}>
              {title}
            </h2>
          )}
          {actions}
        </header>
      )}
      <div className={flush ? undefined : body}>{children}</div>
    </section>
  );
}
