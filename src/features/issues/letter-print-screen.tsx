import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { LetterPrint } from '~/contract/issue-correspondence.ts';
import { ISSUE_OBJECT_TYPE_LABELS } from '~/contract/issues.ts';
import { LETTER_DIRECTION_LABELS_FA } from '~/domain/issues/letters.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { useSettings } from '~/lib/settings.ts';
import { Button } from '~/ui/button.tsx';
import { formatDate } from '~/ui/format.ts';
import { PRINT_CSS } from '~/ui/print/print-css.ts';
import { sheet } from '~/ui/print/print-page.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { letterPrintQuery } from './correspondence-api.ts';

/**
 * /issues/letter-print/{id} (layout `empty`, permission `issues`): a letter of an issue as an A4
 * right-to-left official letter — the letterhead (the settings' logo and the app's name, «بسمه
 * تعالی», then the reference number, the Jalali date and whether it has attachments), the
 * recipient and subject, the body, the signature block (the sender), the list of attachments and
 * a foot line naming the issue it belongs to. The toolbar (back, print) never prints; Esc goes
 * back to the issue.
 */

const page = css({ minH: '100vh', bg: 'canvas', py: '6', px: '4', '@media print': { p: '0', bg: 'white' } });
const toolbar = css({
  maxW: '210mm',
  mx: 'auto',
  mb: '3',
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
});
const letterSheet = css({
  minBlockSize: '270mm',
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  fontSize: '14px',
  lineHeight: '2',
  '@media print': { minBlockSize: 'auto' },
});
const letterhead = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto 1fr',
  alignItems: 'start',
  gap: '4',
  paddingBlockEnd: '3',
  borderBlockEndWidth: '2px',
  borderBlockEndStyle: 'solid',
  borderBlockEndColor: 'first',
});
const brand = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifySelf: 'start',
  gap: '1',
  '& img': { inlineSize: '64px', blockSize: '64px', objectFit: 'contain' },
  '& strong': { fontSize: '14px', color: 'first.text' },
});
const invocation = css({ fontSize: '13px', fontWeight: 600, textAlign: 'center', paddingBlockStart: '2' });
const facts = css({
  justifySelf: 'end',
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  columnGap: '2',
  m: 0,
  fontSize: '13px',
  '& dt': { color: 'muted' },
  '& dd': { m: 0, fontWeight: 600 },
});
const addressed = css({ display: 'grid', gap: '1', '& p': { m: 0 } });
const bodyCss = css({ whiteSpace: 'pre-wrap', m: 0, textAlign: 'justify', flexGrow: 1 });
const signature = css({
  alignSelf: 'end',
  minInlineSize: '60mm',
  textAlign: 'center',
  display: 'grid',
  gap: '1',
  '& [data-line]': {
    marginBlockStart: '14mm',
    borderBlockStartWidth: '1px',
    borderBlockStartStyle: 'dashed',
    borderBlockStartColor: 'line.strong',
    color: 'muted',
    fontSize: '12px',
  },
});
const annexes = css({
  fontSize: '12px',
  '& ol': { m: 0, paddingInlineStart: '5' },
  '& h2': { fontSize: '12px', m: 0 },
});
const foot = css({
  fontSize: '11px',
  color: 'muted',
  paddingBlockStart: '2',
  borderBlockStartWidth: '1px',
  borderBlockStartStyle: 'solid',
  borderBlockStartColor: 'line',
});
const alert = css({
  maxW: '210mm',
  mx: 'auto',
  p: '4',
  bg: 'danger.soft',
  color: 'danger',
  borderRadius: '4px',
});

/** The letter on its A4 sheet. */
function LetterSheet({ letter }: { letter: LetterPrint }) {
  const settings = useSettings();
  const ref = toPersianDigits(letter.reference_number);
  const n = letter.attachments.length;
  return (
    <article className={`${sheet} ${letterSheet}`} data-print-sheet aria-label={`نامهٔ ${ref}`}>
      <section className={letterhead} aria-label="سربرگ">
        <div className={brand}>
          <img src={settings.logo} alt={`نشان ${settings.app_name}`} />
          <strong>{settings.app_name}</strong>
        </div>
        <div className={invocation}>بسمه تعالی</div>
        <dl className={facts}>
          <dt>شماره:</dt>
          <dd>
            <bdi>{ref}</bdi>
          </dd>
          <dt>تاریخ:</dt>
          <dd>{formatDate(letter.letter_date)}</dd>
          <dt>پیوست:</dt>
          <dd>{n ? `دارد (${toPersianDigits(n)})` : 'ندارد'}</dd>
        </dl>
      </section>
      <section className={addressed} aria-label="گیرنده و موضوع">
        <p>
          گیرنده: <strong>{letter.recipient}</strong>
        </p>
        <p>
          موضوع: <strong>{letter.subject}</strong>
        </p>
      </section>
      <p className={bodyCss}>{letter.body || 'با سلام و احترام'}</p>
      <section className={signature} aria-label="امضا" data-print-keep>
        <strong>{letter.sender}</strong>
        <span data-line>محل امضا</span>
      </section>
      {n > 0 && (
        <section className={annexes} aria-label="پیوست‌ها" data-print-keep>
          <h2>پیوست‌ها:</h2>
          <ol>
            {letter.attachments.map((a) => (
              <li key={a.id}>
                <bdi>{a.file_name}</bdi>
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className={foot}>
        {`${LETTER_DIRECTION_LABELS_FA[letter.direction]} — موضوع ${toPersianDigits(letter.issue.id)}: ${letter.issue.title} (${ISSUE_OBJECT_TYPE_LABELS[letter.issue.object_type]}: ${letter.issue.object})`}
        {letter.created_by && ` — ثبت: ${letter.created_by}`}
      </div>
    </article>
  );
}

/** The print page of letter `id` (see the module comment). */
export function LetterPrintScreen({ id }: { id: number }) {
  const q = useQuery(letterPrintQuery(id));
  const navigate = useNavigate();
  const letter = q.data;
  const back = () => {
    if (letter) navigate({ to: '/issues/view/$id', params: { id: String(letter.issue.id) } });
    else window.history.back();
  };
  useShortcuts({ Escape: back });
  const missing = q.error instanceof ApiError && q.error.status === 404;
  return (
    <div className={page}>
      <style>{PRINT_CSS}</style>
      <div className={toolbar} data-print-hide>
        <Button tone="ghost" onClick={back}>
          بازگشت به موضوع
        </Button>
        <Button tone="primary" onClick={() => window.print()} disabled={!letter}>
          چاپ نامه
        </Button>
      </div>
      {q.isPending && (
        <div className={sheet}>
          <SkeletonRows rows={10} columns={2} />
        </div>
      )}
      {q.isError && (
        <div role="alert" className={alert}>
          {missing ? 'این نامه پیدا نشد؛ شاید موضوع آن حذف شده باشد.' : q.error.message}
        </div>
      )}
      {letter && <LetterSheet letter={letter} />}
    </div>
  );
}
