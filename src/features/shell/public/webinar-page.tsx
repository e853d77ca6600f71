import { Link } from '@tanstack/react-router';
import { PageHeader } from '~/ui/page-header.tsx';
import { prose } from './prose.ts';

/** /webinar: the training sessions for new users. */
export function WebinarPage() {
  return (
    <>
      <PageHeader />
      <div className={prose}>
        <p>
          نشست‌های آموزشی برخط برای کاربران تازه و برای آشنایی با بخش‌های تازه سامانه برگزار می‌شود. زمان هر نشست
          از راه اعلان‌های سامانه و پیامک به کاربران اطلاع داده می‌شود.
        </p>
        <h2>سرفصل‌ها</h2>
        <ul>
          <li>ورود، انتخاب نقش و کار با منو و جستجو</li>
          <li>فهرست اشخاص حقوقی و حقیقی: فیلتر، مرتب‌سازی و کار با صفحه‌کلید</li>
          <li>پرونده یک شرکت: سهامداران، هیئت مدیره، شعبه‌ها</li>
          <li>برای مدیران سامانه: کاربران، نقش‌ها و دسترسی‌ها</li>
        </ul>
        <p>
          تا نشست بعدی، <Link to="/help">راهنمای سامانه</Link> بیشتر پرسش‌ها را پاسخ می‌دهد.
        </p>
      </div>
    </>
  );
}
