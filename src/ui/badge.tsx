import type { HTMLAttributes } from 'react';
import { cva, cx, type RecipeVariantProps } from 'styled-system/css';

/** Small status labels and counts. Text colours meet 4.5:1 on their soft backgrounds. */
export const badge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    h: '20px',
    px: '1.5',
    borderRadius: '10px',
    fontSize: '12px',
    fontWeight: '500',
    lineHeight: '1',
    whiteSpace: 'nowrap',
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    tone: {
      neutral: { bg: 'subtle', color: 'ink' },
      first: { bg: 'first', color: 'first.on' },
      accent: { bg: 'fourth', color: 'fourth.on' },
      success: { bg: 'success.soft', color: 'success' },
      warning: { bg: 'warning.soft', color: 'warning' },
      danger: { bg: 'danger.soft', color: 'danger' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & RecipeVariantProps<typeof badge>;

export function Badge({ tone, className, ...rest }: BadgeProps) {
  return <span className={cx(badge({ tone }), className)} {...rest} />;
}
