import type { RefObject } from 'react';
import { css } from 'styled-system/css';
import { EDUCATION_LEVEL_LABELS, GENDER_LABELS, type ResumeRow } from '~/contract/resume.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge } from '~/ui/badge.tsx';
import { button } from '~/ui/button.tsx';
import { columnHelper } from '~/ui/data-table/columns.ts';
import { EMPTY, formatDate, formatDateTime, formatNumber } from '~/ui/format.ts';
import { printUrl } from './api.ts';
import { fullName, ReviewStatusBadge } from './labels.tsx';

const actionsCell = css({ display: 'flex', gap: '1', alignItems: 'center' });
const nameCell = css({ display: 'flex', gap: '1', alignItems: 'center', minWidth: 0 });

export interface ResumeRowHandlers {
  view(row: ResumeRow): void;
  review(row: ResumeRow): void;
}

const col = columnHelper<ResumeRow>();

/**
 * The resume list's columns; ids are the server's sort keys (education through its rank).
 * The actions column calls the screen's handlers through a ref, so the columns stay stable.
 */
export function resumeColumns(handlers: RefObject<ResumeRowHandlers>) {
  return col.columns([
    col.accessor((r) => fullName(r), {
      id: 'last_name',
      header: 'نام و نام خانوادگی',
      size: 140,
      meta: { grow: 1 },
      cell: ({ row }) => (
        <span className={nameCell}>
          <span title={fullName(row.original)}>{toPersianDigits(fullName(row.original))}</span>
          {row.original.is_demo && <Badge title="رزومه نمونه (داده آزمایشی)">نمونه</Badge>}
        </span>
      ),
    }),
    col.accessor('national_code', {
      header: 'کد ملی',
      size: 100,
      enableSorting: false,
      cell: (c) => <span dir="ltr">{toPersianDigits(c.getValue())}</span>,
    }),
    col.accessor('education_level', {
      header: 'بالاترین مدرک',
      size: 105,
      sortDescFirst: true,
      meta: { sortField: 'education_rank' },
      cell: (c) => (c.getValue() ? EDUCATION_LEVEL_LABELS[c.getValue()!] : EMPTY),
    }),
    col.accessor('field', {
      header: 'رشته',
      size: 110,
      enableSorting: false,
      cell: (c) => <span title={c.getValue() ?? undefined}>{c.getValue() ?? EMPTY}</span>,
    }),
    col.accessor('experience_years', {
      header: 'سابقه (سال)',
      size: 100,
      sortDescFirst: true,
      meta: { numeric: true },
      cell: (c) => formatNumber(c.getValue()),
    }),
    col.accessor('board_seats', {
      header: 'کرسی‌ها',
      size: 75,
      sortDescFirst: true,
      meta: { numeric: true, description: 'کرسی‌های هیئت مدیره: سمت‌هایی که عضویت در هیئت مدیره بوده است' },
      cell: (c) => formatNumber(c.getValue()),
    }),
    col.accessor('gender', {
      header: 'جنسیت',
      size: 55,
      enableSorting: false,
      cell: (c) => GENDER_LABELS[c.getValue() as keyof typeof GENDER_LABELS] ?? c.getValue(),
    }),
    col.accessor('submitted_at', {
      header: 'ارسال',
      size: 95,
      sortDescFirst: true,
      meta: { numeric: true },
      cell: (c) => <span title={formatDateTime(c.getValue())}>{formatDate(c.getValue())}</span>,
    }),
    col.accessor('review_status', {
      header: 'وضعیت بررسی',
      size: 105,
      enableSorting: false,
      cell: ({ row }) => (
        <span title={row.original.review_note ?? undefined}>
          <ReviewStatusBadge status={row.original.review_status} />
        </span>
      ),
    }),
    col.display({
      id: 'actions',
      header: 'کارها',
      size: 180,
      cell: ({ row }) => {
        const r = row.original;
        const stop = (fn: () => void) => (e: { stopPropagation(): void }) => {
          e.stopPropagation();
          fn();
        };
        return (
          <span className={actionsCell}>
            <button
              type="button"
              className={button({ size: 'sm', tone: 'ghost' })}
              tabIndex={-1}
              onClick={stop(() => handlers.current.view(r))}
            >
              مشاهده
            </button>
            <button
              type="button"
              className={button({ size: 'sm', tone: 'ghost' })}
              tabIndex={-1}
              onClick={stop(() => handlers.current.review(r))}
            >
              بررسی
            </button>
            <a
              className={button({ size: 'sm', tone: 'ghost' })}
              href={printUrl(r.national_code)}
              target="_blank"
              rel="noopener"
              tabIndex={-1}
              onClick={(e) => e.stopPropagation()}
            >
              چاپ
            </a>
          </span>
        );
      },
    }),
  ]);
}
