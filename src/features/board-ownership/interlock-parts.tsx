import { Link } from '@tanstack/react-router';
import type { InterlockNode, InterlockSeat, ShareholdingInterlockRow } from '~/contract/board-ownership.ts';
import { BOARD_POSITION_LABELS } from '~/contract/persons.ts';
import { useCommandContext } from '~/lib/command-context.ts';
import { formatPercent, formatShare } from '~/ui/format.ts';

/** The pieces the section and the list share: names as links, seats and ties as words. */

/** A legal person's name, linked to its view when the role may open it. */
/**
 * Links inside sentences are underlined where they are drawn (WCAG 1.4.1: not by colour alone;
 * axe's link-in-text-block), not through a parent's `& a` rule, which a later rule may undo.
 */
const UNDERLINED = { textDecoration: 'underline' } as const;

export function CompanyLink({ node }: { node: Pick<InterlockNode, 'id' | 'name'> }) {
  const { canOpen } = useCommandContext();
  if (!canOpen(`/person/legal-persons/view/${node.id}`)) return <>{node.name}</>;
  return (
    <Link to="/person/legal-persons/view/$id" params={{ id: String(node.id) }} style={UNDERLINED}>
      {node.name}
    </Link>
  );
}

/** A true person's name, linked to their view when the role may open it. */
export function PersonLink({ node }: { node: Pick<InterlockNode, 'id' | 'name'> }) {
  const { canOpen } = useCommandContext();
  if (!canOpen(`/person/true-persons/view/${node.id}`)) return <>{node.name}</>;
  return (
    <Link to="/person/true-persons/view/$id" params={{ id: String(node.id) }} style={UNDERLINED}>
      {node.name}
    </Link>
  );
}

/** A board position in Persian. */
export const positionTitle = (position: string) => BOARD_POSITION_LABELS[position] ?? position;

/** «رئیس هیئت مدیره، به نمایندگی از X» */
export const seatRole = (s: InterlockSeat) =>
  s.for ? `${positionTitle(s.position)}، به نمایندگی از ${s.for.name}` : positionTitle(s.position);

/** A seat in words: «شرکت الف (عضو، به نمایندگی از ب)». */
export const seatText = (s: InterlockSeat) => `${s.company.name} (${seatRole(s)})`;

/** The holdings between the board's company and the related one: «الف ۳۰٪ از ب را دارد». */
export const tiesText = (ties: ShareholdingInterlockRow['ties']) =>
  ties
    .map((t) =>
      t.share === null
        ? `${t.holder.name} سهمی نامعلوم از ${t.company.name} را دارد`
        : `${t.holder.name} ${formatPercent(t.share)} از ${t.company.name} را دارد`,
    )
    .join('؛ ');

/** The person's share in the related company. */
export const personShareText = (share: number | null) => formatShare(share);
