import { createFileRoute } from '@tanstack/react-router';
import { css } from 'styled-system/css';

export const Route = createFileRoute('/')({
  component: Dashboard,
});

function Dashboard() {
  return (
    <main className={css({ p: '6' })}>
      <h1 className={css({ fontSize: 'xl', fontWeight: 'bold', color: 'first' })}>ناظر</h1>
      <p>سامانه نظارت بر شرکت‌های دولتی و صندوق‌های بازنشستگی</p>
    </main>
  );
}
