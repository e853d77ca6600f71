import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useSettings } from '~/lib/settings.ts';

const brand = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  h: '32px',
  px: '1',
  borderRadius: '4px',
  color: 'ink',
  textDecoration: 'none',
  fontWeight: '700',
  fontSize: '15px',
  whiteSpace: 'nowrap',
  '& img': { w: '24px', h: '24px', objectFit: 'contain' },
});

/** Logo and application name from settings, linking home. */
export function Brand({ hideName }: { hideName?: boolean }) {
  const settings = useSettings();
  return (
    <Link to="/" className={brand} aria-label={hideName ? settings.app_name : undefined}>
      <img src={settings.logo} alt="" />
      {!hideName && <span>{settings.app_name}</span>}
    </Link>
  );
}
