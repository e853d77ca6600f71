import { Link } from '@tanstack/react-router';
import * as s from '~/ui/sign-in-card.ts';
import { t } from './messages.ts';

/** After sign-up: the account waits for an administrator's approval. */
export function WaitingScreen() {
  return (
    <>
      <h1 className={s.title}>{t.waitingTitle}</h1>
      <p role="status" className={s.note}>
        {t.waitingBody}
      </p>
      <div className={s.links}>
        <Link to="/auth/login">{t.backToLogin}</Link>
      </div>
    </>
  );
}
