import { Link, useLocation } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { screenFor } from '~/contract/route-registry.ts';
import { button } from '~/ui/button.tsx';
import { Kbd } from '~/ui/kbd.tsx';

const wrap = css({
  maxW: '560px',
  mx: 'auto',
  py: '16',
  px: '4',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '3',
});
const code = css({ fontSize: '40px', fontWeight: '800', color: 'first.text', lineHeight: '1' });
const title = css({ fontSize: '20px', fontWeight: '700', m: '0' });
const text = css({ color: 'muted', m: '0' });
const path = css({
  direction: 'ltr',
  unicodeBidi: 'isolate',
  px: '1.5',
  bg: 'subtle',
  borderRadius: '3px',
  fontSize: '13px',
});
const actions = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mt: '2' });
const hint = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  color: 'muted',
  fontSize: '13px',
});

/**
 * The 404 page: says the address is unknown (or, for a screen of the specification that is
 * not built yet, says so) and what to do next.
 */
export function NotFound() {
  const { pathname } = useLocation();
  const planned = screenFor(pathname);
  return (
    <section className={wrap} aria-labelledby="not-found-title">
      <span className={code} aria-hidden="true">
        ۴۰۴
      </span>
      <h1 id="not-found-title" className={title}>
        {planned ? `«${planned.title}» هنوز آماده نیست` : 'این صفحه پیدا نشد'}
      </h1>
      <p className={text}>
        {planned ? 'این بخش از سامانه در دست ساخت است. نشانی ' : 'نشانی '}
        <bdi dir="ltr" className={path}>
          {pathname}
        </bdi>
        {planned
          ? ' درست است، اما صفحه‌اش هنوز ساخته نشده است.'
          : ' در سامانه وجود ندارد؛ شاید اشتباه نوشته شده یا صفحه جابه‌جا شده است.'}
      </p>
      <div className={actions}>
        <Link to="/" className={button({ tone: 'primary' })}>
          رفتن به داشبورد
        </Link>
        <button type="button" className={button()} onClick={() => window.history.back()}>
          بازگشت به صفحه قبل
        </button>
        <span className={hint}>
          یا صفحه دلخواه را با <Kbd binding="$mod+KeyK" /> پیدا کنید
        </span>
      </div>
    </section>
  );
}
