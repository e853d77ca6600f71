import { STATEMENT_ORIGIN_LABELS_FA, type StatementRow } from '~/contract/financial-statements.ts';
import { ENTRY_STATE_LABELS_FA, type EntryState } from '~/domain/finance/statement-entry.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge, type BadgeProps } from '~/ui/badge.tsx';

const STATE_TONE: Record<EntryState, BadgeProps['tone']> = {
  not_started: 'neutral',
  draft: 'warning',
  submitted: 'first',
  reviewed: 'success',
  returned: 'danger',
};

/** A statement's entry state as a coloured label. */
export const EntryStateBadge = ({ state }: { state: EntryState }) => (
  <Badge tone={STATE_TONE[state]}>{ENTRY_STATE_LABELS_FA[state]}</Badge>
);

/** Where the figures came from: real (Codal) and demo data are told apart at a glance. */
export const OriginBadge = ({ origin }: { origin: StatementRow['origin'] }) => (
  <Badge tone={origin === 'codal' ? 'success' : origin === 'demo' ? 'accent' : 'neutral'}>
    {STATEMENT_ORIGIN_LABELS_FA[origin]}
  </Badge>
);

/** A period's name: سالانه, or «۶ ماهه». */
export const periodLabel = (months: number) => (months === 12 ? 'سالانه' : `${toPersianDigits(months)} ماهه`);
