import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { useSettings } from '~/lib/settings.ts';
import { button } from '~/ui/button.tsx';

const wrap = css({ maxW: '720px', mx: 'auto', py: '12', display: 'flex', flexDirection: 'column', gap: '4' });
const title = css({ fontSize: '24px', fontWeight: '700', m: '0', color: 'first.text' });
const lead = css({ fontSize: '15px', lineHeight: '1.9', m: '0' });
const list = css({ m: '0', paddingInlineStart: '5', lineHeight: '2', color: 'ink' });
const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap' });

/** The home page for a visitor: what the product is, and the way in. */
export function Welcome() {
  const settings = useSettings();
  return (
    <section className={wrap} aria-labelledby="welcome-title">
      <h1 id="welcome-title" className={title}>
        {settings.app_name}: سامانه نظارت بر شرکت‌های دولتی و صندوق‌های بازنشستگی
      </h1>
      <p className={lead}>
        کارشناسان، حسابرسان و کارکنان بخش انتصابات در این سامانه اشخاص حقوقی و حقیقی، مالکیت و هیئت‌های مدیره،
        صورت‌های مالی و ارزیابی عملکرد شرکت‌ها را بررسی و پیگیری می‌کنند.
      </p>
      <ul className={list}>
        <li>جستجوی سریع هر شرکت با نام، نماد یا شناسه ملی و هر فرد با نام یا کد ملی</li>
        <li>ساختار مالکیت مستقیم و غیرمستقیم و ترکیب هیئت مدیره</li>
        <li>کار با صفحه‌کلید: هر کار، یک کلید</li>
      </ul>
      <div className={actions}>
        <Link to="/auth/login" className={button({ tone: 'primary' })}>
          ورود به سامانه
        </Link>
        <Link to="/help" className={button()}>
          راهنما
        </Link>
        <Link to="/aboutus" className={button({ tone: 'ghost' })}>
          درباره سامانه
        </Link>
      </div>
    </section>
  );
}
