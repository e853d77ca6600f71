import { Link, useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, useMemo } from 'react';
import { css } from 'styled-system/css';
import type { LetterAttachment } from '~/contract/issue-correspondence.ts';
import type { IssueLetter } from '~/contract/issues.ts';
import { LETTER_DIRECTION_LABELS_FA } from '~/domain/issues/letters.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { type Command, useRegisterCommands } from '~/lib/commands.ts';
import { Button, button } from '~/ui/button.tsx';
import { formatDate } from '~/ui/format.ts';
import { Kbd } from '~/ui/kbd.tsx';
import { isTypingTarget } from '~/ui/shortcuts.ts';
import { AttachmentList, useAttachPicker } from './letter-attachments.tsx';

/**
 * The issue view's letters in and out: reference number, direction, Jalali date, sender,
 * recipient, subject, the letter's attachments (download links) and its actions. A row takes
 * focus (Tab); on the focused letter P opens its A4 print and U adds attachments (the file picker),
 * the same as the row's buttons. The `?` sheet lists both keys.
 */

const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '13px',
  '& th, & td': {
    paddingBlock: '1.5',
    paddingInline: '2',
    borderBlockEndWidth: '1px',
    borderBlockEndStyle: 'solid',
    borderBlockEndColor: 'line',
    textAlign: 'start',
    verticalAlign: 'top',
  },
  '& th': { color: 'muted', fontWeight: 500 },
  '& tbody tr': { outline: 'none' },
  '& tbody tr:focus-within': { bg: 'subtle' },
  '& tbody tr:focus-visible': { outline: '2px solid', outlineColor: 'fourth.strong', outlineOffset: '-2px' },
});
const actions = css({ display: 'flex', gap: '1', flexWrap: 'wrap', alignItems: 'center' });

export interface LettersTableProps {
  issueId: number;
  letters: readonly IssueLetter[];
  /** Every attachment of the issue's letters (GET /api/issues/:id/attachments); undefined while loading. */
  attachments: readonly LetterAttachment[] | undefined;
  /** The role may add and remove attachments. */
  mayChange: boolean;
}

const GROUP = 'نامه‌های موضوع';

/** The letters table (see the module comment). */
export function LettersTable({ issueId, letters, attachments, mayChange }: LettersTableProps) {
  const navigate = useNavigate();
  const picker = useAttachPicker(issueId);
  const byLetter = useMemo(() => {
    const out = new Map<number, LetterAttachment[]>();
    for (const a of attachments ?? []) out.set(a.letter_id, [...(out.get(a.letter_id) ?? []), a]);
    return out;
  }, [attachments]);
  const print = (letterId: number) =>
    navigate({ to: '/issues/letter-print/$id', params: { id: String(letterId) } });

  // The row handles P and U itself; the registry lists them in the `?` sheet.
  const commands = useMemo<Command[]>(
    () => [
      {
        id: 'issue.letter.print',
        title: 'چاپ نامهٔ برگزیده',
        shortcut: 'KeyP',
        group: GROUP,
        bindKey: false,
        palette: false,
        run: () => {},
      },
      ...(mayChange
        ? [
            {
              id: 'issue.letter.attach',
              title: 'افزودن پیوست به نامهٔ برگزیده',
              shortcut: 'KeyU',
              group: GROUP,
              bindKey: false,
              palette: false,
              run: () => {},
            },
          ]
        : []),
    ],
    [mayChange],
  );
  useRegisterCommands(commands);

  const onKeyDown = (letterId: number) => (e: KeyboardEvent<HTMLTableRowElement>) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || isTypingTarget(e.target))
      return;
    if (e.code === 'KeyP') {
      e.preventDefault();
      print(letterId);
    } else if (e.code === 'KeyU' && mayChange) {
      e.preventDefault();
      picker.pick(letterId);
    }
  };

  return (
    <>
      <table className={table}>
        <thead>
          <tr>
            <th>شماره</th>
            <th>نوع</th>
            <th>تاریخ</th>
            <th>فرستنده</th>
            <th>گیرنده</th>
            <th>موضوع نامه</th>
            <th>پیوست‌ها</th>
            <th>کارها</th>
          </tr>
        </thead>
        <tbody>
          {letters.map((l) => {
            const ref = toPersianDigits(l.reference_number);
            return (
              <tr
                key={l.id}
                tabIndex={0}
                data-letter={l.id}
                aria-label={`نامهٔ ${ref}`}
                onKeyDown={onKeyDown(l.id)}
              >
                <td>
                  <bdi>{ref}</bdi>
                </td>
                <td>{LETTER_DIRECTION_LABELS_FA[l.direction]}</td>
                <td>{formatDate(l.letter_date)}</td>
                <td>{l.sender}</td>
                <td>{l.recipient}</td>
                <td>{l.subject}</td>
                <td>
                  {attachments ? (
                    <AttachmentList
                      issueId={issueId}
                      attachments={byLetter.get(l.id) ?? []}
                      mayChange={mayChange}
                    />
                  ) : (
                    '…'
                  )}
                </td>
                <td>
                  <div className={actions}>
                    <Link
                      to="/issues/letter-print/$id"
                      params={{ id: String(l.id) }}
                      className={button({ size: 'sm', tone: 'ghost' })}
                      aria-label={`چاپ نامهٔ ${ref}`}
                      aria-keyshortcuts="P"
                    >
                      چاپ <Kbd binding="KeyP" />
                    </Link>
                    {mayChange && (
                      <Button
                        size="sm"
                        tone="ghost"
                        shortcut="KeyU"
                        disabled={picker.busy}
                        aria-label={`افزودن پیوست به نامهٔ ${ref}`}
                        onClick={() => picker.pick(l.id)}
                      >
                        پیوست
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {mayChange && picker.input}
    </>
  );
}
