import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cva, cx, type RecipeVariantProps } from 'styled-system/css';
import { Kbd } from './kbd.tsx';
import { ariaKeyShortcuts } from './shortcuts.ts';

/** Buttons: 32 px (md) or 28 px (sm) high; tones for the main action, plain, quiet and risky ones. */
export const button = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: '4px',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    fontWeight: '500',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    userSelect: 'none',
    transition: 'background-color 120ms, border-color 120ms',
    _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    '& svg': { flexShrink: 0 },
  },
  variants: {
    tone: {
      primary: { bg: 'first', color: 'first.on', _hover: { filter: 'brightness(1.1)' } },
      secondary: {
        bg: 'surface',
        color: 'ink',
        borderColor: 'line.strong',
        _hover: { bg: 'subtle' },
      },
      ghost: { bg: 'transparent', color: 'ink', _hover: { bg: 'subtle' } },
      danger: { bg: 'danger', color: 'white', _hover: { filter: 'brightness(1.1)' } },
      warning: { bg: 'warning', color: 'white', _hover: { filter: 'brightness(1.1)' } },
    },
    size: {
      sm: { h: '28px', px: '2', fontSize: '13px' },
      md: { h: '32px', px: '3', fontSize: '14px' },
      icon: { h: '32px', w: '32px', p: '0' },
    },
  },
  defaultVariants: { tone: 'secondary', size: 'md' },
});

export type ButtonVariants = RecipeVariantProps<typeof button>;

export type ButtonProps = ComponentPropsWithRef<'button'> &
  ButtonVariants & {
    /** A physical-key binding shown inside the button and announced (`aria-keyshortcuts`). */
    shortcut?: string;
    icon?: ReactNode;
  };

/** A button; `type` defaults to "button" so that it never submits a form by accident. */
export function Button({ tone, size, shortcut, icon, className, children, type, ...rest }: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={cx(button({ tone, size }), className)}
      aria-keyshortcuts={shortcut ? ariaKeyShortcuts(shortcut) : undefined}
      {...rest}
    >
      {icon}
      {children}
      {shortcut && <Kbd binding={shortcut} tone={tone === 'primary' ? 'onDark' : 'plain'} />}
    </button>
  );
}
