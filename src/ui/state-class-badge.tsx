import { STATE_CLASS_HINTS, STATE_CLASS_TITLES, type StateClassCode } from '~/contract/ownership.ts';
import { Badge, type BadgeProps } from './badge.tsx';
import { formatPercent } from './format.ts';

const TONE: Record<StateClassCode, BadgeProps['tone']> = {
  state: 'first',
  'state-owned': 'accent',
  'state-affiliated': 'warning',
  private: 'neutral',
  unknown: 'danger',
};

/**
 * A company's state class (issue 17) as a badge: the class in words (never colour alone), its
 * rule as the title, and the state's integrated share beside it when `share` is given.
 */
export function StateClassBadge({ code, share }: { code: StateClassCode | null; share?: number | null }) {
  if (!code) return null;
  const text =
    share !== undefined && share !== null && code !== 'state' && code !== 'private'
      ? `${STATE_CLASS_TITLES[code]} · ${formatPercent(share)}`
      : STATE_CLASS_TITLES[code];
  return (
    <Badge tone={TONE[code]} title={STATE_CLASS_HINTS[code]}>
      {text}
    </Badge>
  );
}
