import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useSettings } from '~/lib/settings.ts';

const page = css({
  minH: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '5',
  p: '4',
  bg: 'canvas',
});
const brand = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2',
  textAlign: 'center',
});
const logo = css({ w: '48px', h: '48px', objectFit: 'contain' });
const name = css({ fontSize: '18px', fontWeight: '700', color: 'first.text' });
const card = css({
  w: '100%',
  maxW: '400px',
  p: '6',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '8px',
  outline: 'none',
  '@media (max-width: 600px)': { p: '4' },
});
const foot = css({ fontSize: '12px', color: 'muted', display: 'flex', gap: '4', '& a': { color: 'muted' } });

/**
 * The login layout: the app's logo and name over a centred card (400 px). Sign-in screens put
 * their h1 and form straight inside; the card is the layout's.
 */
export function LoginLayout({ children }: { children: ReactNode }) {
  const settings = useSettings();
  return (
    <div className={page}>
      <div className={brand}>
        <img src={settings.logo} alt="" className={logo} />
        <span className={name}>{settings.app_name}</span>
      </div>
      <main id="main" tabIndex={-1} className={card}>
        {children}
      </main>
      <nav aria-label="پیوندهای عمومی" className={foot}>
        <Link to="/help">راهنما</Link>
        <Link to="/aboutus">درباره سامانه</Link>
      </nav>
    </div>
  );
}
