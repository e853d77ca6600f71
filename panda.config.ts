import { defineConfig } from '@pandacss/dev';

/**
 * Design tokens once. The three theme colours come from /api/settings at run time as CSS
 * variables (src/lib/theme.ts sets them with contrast-safe variants); the defaults here are the
 * specification's. Neutrals and status colours are fixed and meet WCAG AA on `surface`.
 */
export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  theme: {
    // The specification's breakpoints: 600 / 1024 / 1440 / 1920 px.
    breakpoints: { sm: '600px', md: '1024px', lg: '1440px', xl: '1920px' },
    extend: {
      keyframes: {
        fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
        fadeOut: { from: { opacity: 1 }, to: { opacity: 0 } },
        popIn: { from: { opacity: 0, transform: 'scale(0.98)' }, to: { opacity: 1, transform: 'scale(1)' } },
        popOut: { from: { opacity: 1, transform: 'scale(1)' }, to: { opacity: 0, transform: 'scale(0.98)' } },
        shimmer: { from: { backgroundPosition: '100% 0' }, to: { backgroundPosition: '-100% 0' } },
      },
      tokens: {
        fonts: { body: { value: 'Vazirmatn, Tahoma, sans-serif' } },
        colors: {
          first: {
            DEFAULT: { value: 'var(--color-first, #5d4037)' },
            /** The first colour darkened (if needed) to 4.5:1 on white, for text and links. */
            text: { value: 'var(--color-first-text, #5d4037)' },
            /** Text on a first-colour background (white or near black, whichever reads). */
            on: { value: 'var(--color-first-on, #ffffff)' },
            /** A faint tint of the first colour for the selected menu item. */
            soft: { value: 'var(--color-first-soft, #ece8e7)' },
          },
          second: {
            DEFAULT: { value: 'var(--color-second, #424242)' },
            on: { value: 'var(--color-second-on, #ffffff)' },
          },
          fourth: {
            DEFAULT: { value: 'var(--color-fourth, #ffaa2f)' },
            /** The fourth colour darkened to 3:1 on white: focus rings and active borders. */
            strong: { value: 'var(--color-fourth-strong, #c88525)' },
            on: { value: 'var(--color-fourth-on, #1f1f1f)' },
          },
          success: { DEFAULT: { value: '#1b5e20' }, soft: { value: '#e8f3e8' } },
          warning: { DEFAULT: { value: '#8a5300' }, soft: { value: '#fdf3e1' } },
          danger: { DEFAULT: { value: '#b71c1c' }, soft: { value: '#fbeaea' } },
          ink: { value: '#1f1f1f' },
          muted: { value: '#5f5f5f' },
          line: { DEFAULT: { value: '#e3e0de' }, strong: { value: '#8c8784' } },
          surface: { value: '#ffffff' },
          canvas: { value: '#f6f5f4' },
          subtle: { value: '#efedeb' },
        },
      },
    },
  },
  globalCss: {
    'html, body': {
      fontFamily: 'body',
      color: 'ink',
      bg: 'canvas',
      fontSize: '14px',
      lineHeight: '1.6',
    },
    'input, button, select, textarea': { fontFamily: 'inherit', fontSize: 'inherit' },
    ':focus-visible': { outline: '2px solid', outlineColor: 'fourth.strong', outlineOffset: '1px' },
    '@media (prefers-reduced-motion: reduce)': {
      '*, *::before, *::after': { transitionDuration: '0s !important', animationDuration: '0s !important' },
    },
  },
});
