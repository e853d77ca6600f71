import { defineConfig } from '@pandacss/dev';

/** Design tokens once. Theme colours come from /api/settings at run time as CSS variables. */
export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  theme: {
    extend: {
      tokens: {
        fonts: { body: { value: 'Vazirmatn, Tahoma, sans-serif' } },
        colors: {
          first: { value: 'var(--color-first, #5d4037)' },
          second: { value: 'var(--color-second, #424242)' },
          fourth: { value: 'var(--color-fourth, #ffaa2f)' },
          success: { value: '#1b5e20' },
          warning: { value: '#8a5300' },
          danger: { value: '#b71c1c' },
          ink: { value: '#1f1f1f' },
          muted: { value: '#5f5f5f' },
          line: { value: '#d6d3d1' },
          surface: { value: '#ffffff' },
          canvas: { value: '#f6f5f4' },
        },
      },
    },
  },
  globalCss: {
    'html, body': { fontFamily: 'body', color: 'ink', bg: 'canvas', fontSize: '14px' },
    ':focus-visible': { outline: '2px solid', outlineColor: 'fourth', outlineOffset: '1px' },
  },
});
