import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { BoardDetail } from '~/contract/persons.ts';
import { useCommandContext } from '~/lib/command-context.ts';

const linkRow = css({ display: 'flex', flexWrap: 'wrap', gap: '3', fontSize: '13px' });

/**
 * The company's other screens from its record: reports (product, capacity, monthly activity,
 * Codal disclosures, minutes), each shown only when the role may open it.
 */
export function CompanyReportLinks({ id }: { id: number }) {
  const { canOpen } = useCommandContext();
  const lid = String(id);
  return (
    <nav aria-label="گزارش‌های شرکت" className={linkRow}>
      {canOpen(`/person/legal-persons/product-reports/${lid}`) && (
        <Link to="/person/legal-persons/product-reports/$id" params={{ id: lid }}>
          گزارش تولید
        </Link>
      )}
      {canOpen(`/person/legal-persons/production-capacity/${lid}`) && (
        <Link to="/person/legal-persons/production-capacity/$id" params={{ id: lid }}>
          ظرفیت تولید
        </Link>
      )}
      {canOpen(`/person/legal-persons/${lid}/monthly-performance-report/list`) && (
        <Link to="/person/legal-persons/$lid/monthly-performance-report/list" params={{ lid }}>
          گزارش فعالیت ماهانه
        </Link>
      )}
      {canOpen('/person/legal-persons/codal-infos') && (
        <Link to="/person/legal-persons/codal-infos" search={{ company: id }}>
          اطلاعیه‌های کدال
        </Link>
      )}
      {canOpen('/person/legal-persons/mom/list') && (
        <Link to="/person/legal-persons/mom/list" search={{ company: id }}>
          صورت‌جلسات
        </Link>
      )}
    </nav>
  );
}

/** The shareholders section's link to the company's full shareholders page. */
export function ShareholdersLink({ id }: { id: number }) {
  const { canOpen } = useCommandContext();
  if (!canOpen(`/person/shareholder/${id}`)) return null;
  return (
    <Link to="/person/shareholder/$legalId" params={{ legalId: String(id) }}>
      همه سهامداران و سهم شناور
    </Link>
  );
}

/** The board section's link: edit the current board, or record one when there is none. */
export function BoardLink({ id, board }: { id: number; board: BoardDetail | null }) {
  const { canOpen } = useCommandContext();
  if (board)
    return canOpen(`/person/legal-person-board/update/${id}/${board.id}`) ? (
      <Link
        to="/person/legal-person-board/update/$lid/$id"
        params={{ lid: String(id), id: String(board.id) }}
      >
        ویرایش هیئت مدیره
      </Link>
    ) : null;
  return canOpen('/person/legal-person-board/create') ? (
    <Link to="/person/legal-person-board/create" search={{ company: id }}>
      ثبت هیئت مدیره
    </Link>
  ) : null;
}
