import type { CompareAnswer, ReviewAnswer } from '../../../contract/ownership.ts';
import { todayIso } from '../../../domain/jalali.ts';
import { type CompanyState, compareDates, isValidOn } from '../../../domain/ownership/as-of.ts';
import type { Link } from '../../../domain/ownership/graph.ts';
import { ownersOf } from '../../../domain/ownership/integrated.ts';
import type { Db } from '../../db/client.ts';
import { classCode } from './classes.ts';
import { describeNodes, linkKeys, namedLinks, nodeOf } from './nodes.ts';
import { DISAGREEMENT } from './queries.ts';
import { ownershipOn } from './store.ts';

/**
 * The two portfolio-wide ownership reviews of issue 17: declared indirect interests against the
 * computed integrated figures, and what changed between two dates.
 */

/** Declared indirect interests that disagree with the computed figure (contract `reviewAnswer`). */
export async function declaredReview(db: Db, day: string = todayIso()): Promise<ReviewAnswer> {
  const { snapshot, onDay } = await ownershipOn(db, day);
  const declared = snapshot.indirect.filter((h) => isValidOn(h, day));
  const byCompany = new Map<string, typeof declared>();
  for (const h of declared) byCompany.set(h.company, [...(byCompany.get(h.company) ?? []), h]);
  const found: {
    company: string;
    holder: string;
    declared: number | null;
    computed: number | null;
    links: Link[];
  }[] = [];
  for (const [company, interests] of byCompany) {
    const owners = ownersOf(onDay.graph, company);
    for (const h of interests) {
      const links = owners.notComputable.get(h.holder) ?? [];
      const computed = owners.notComputable.has(h.holder) ? null : (owners.figures.get(h.holder) ?? 0);
      const agree = computed !== null && h.share !== null && Math.abs(computed - h.share) <= DISAGREEMENT;
      if (!agree) found.push({ company, holder: h.holder, declared: h.share, computed, links });
    }
  }
  const names = await describeNodes(
    db,
    found.flatMap((f) => [f.company, f.holder, ...linkKeys(f.links)]),
    snapshot,
    onDay,
  );
  const rows = found.map((f) => ({
    company: nodeOf(names, f.company),
    holder: nodeOf(names, f.holder),
    declared: f.declared,
    computed: f.computed,
    difference: f.computed === null || f.declared === null ? null : f.computed - f.declared,
    unknown_links: namedLinks(names, f.links),
  }));
  rows.sort(
    (a, b) =>
      Math.abs(b.difference ?? -1) - Math.abs(a.difference ?? -1) ||
      a.company.name.localeCompare(b.company.name, 'fa'),
  );
  return { as_of: day, declared: declared.length, rows };
}

/** Each company's figures on one day, as compareDates reads them. */
async function statesOn(db: Db, day: string) {
  const { snapshot, onDay } = await ownershipOn(db, day);
  const state = new Set(snapshot.stateIds);
  const out = new Map<string, CompanyState & { controlled: boolean }>();
  for (const [key, c] of onDay.classes()) {
    if (key[0] !== 'L') continue;
    out.set(key, {
      share: c.share,
      class: classCode(false, c),
      controller: c.controlled ? 'state' : 'none',
      controlled: c.controlled,
    });
  }
  for (const key of state)
    out.set(key, { share: null, class: 'state', controller: 'state', controlled: true });
  return { snapshot, onDay, states: out };
}

/** What changed between `from` and `to` (contract `compareAnswer`). */
export async function compareOwnership(
  db: Db,
  from: string,
  to: string = todayIso(),
): Promise<CompareAnswer> {
  const before = await statesOn(db, from);
  const after = await statesOn(db, to);
  const changes = compareDates(before.states, after.states);
  const names = await describeNodes(
    db,
    changes.map((c) => c.company),
    after.snapshot,
    after.onDay,
  );
  const side = (s: (CompanyState & { controlled: boolean }) | undefined) => ({
    share: s ? s.share : 0,
    class: (s?.class ?? 'private') as ReturnType<typeof classCode>,
    controlled_by_state: s?.controlled ?? false,
  });
  return {
    from,
    to,
    rows: changes.map((c) => ({
      company: nodeOf(names, c.company),
      before: side(before.states.get(c.company)),
      after: side(after.states.get(c.company)),
      share_change: c.shareChange,
      class_changed: c.classChanged,
      control_changed: c.controllerChanged,
    })),
  };
}
