import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  allowedMoves,
  applyMove,
  ENTRY_STATE_LABELS_FA,
  ENTRY_STATES,
  type EntryState,
  INITIAL_STATEMENT_ENTRY,
  restoreStatementEntry,
  STATEMENT_MOVE_TYPES,
  type StatementEntryContext,
  type StatementEntryEvent,
  type StatementMove,
  statementEntryMachine,
} from '../domain/finance/statement-entry.ts';
import {
  createStatementEntryTestModel,
  expectedMoves,
  STATEMENT_ENTRY_MODEL_EVENTS,
  type StatementEntryModelContext,
  type StatementEntryModelEvent,
  statementEntryPaths,
} from './statement-entry.model.ts';
import { createCoverage } from './testing/coverage.ts';
import { modelCoverage } from './testing/paths.ts';

const model = createStatementEntryTestModel();
const paths = statementEntryPaths();
const coverage = createCoverage(statementEntryMachine);
let ran = 0;

afterAll(() => {
  const m = modelCoverage(model, paths);
  console.log(
    `[model] statementEntry: ${paths.length} paths (${ran} ran), ${m.states} states, ${m.transitions} transitions; machine: ${coverage.summary()}`,
  );
});

/** The reason a reviewer gives, with the spaces a form leaves around it. */
const RETURN_NOTE = '  جمع دارایی‌ها با جمع بدهی‌ها و حقوق صاحبان سهام نمی‌خواند  ';
const REVIEW_NOTE = ' بدون ایراد ';
const BLANK_NOTE = ' \t\n ';

/** The real event for a model step: who and when change with every step (`n`). */
function realEvent(
  e: StatementEntryModelEvent,
  n: number,
): { event: StatementEntryEvent; note: string | null } {
  const by = 100 + n;
  const at = new Date(Date.UTC(2025, 2, 1, 8, n)).toISOString();
  switch (e.type) {
    case 'SAVE_DRAFT':
      return {
        event: { type: 'SAVE_DRAFT', checksPassed: e.checks === 'pass', by, at, note: BLANK_NOTE },
        note: null,
      };
    case 'SUBMIT':
      return { event: { type: 'SUBMIT', by, at }, note: null };
    case 'REVIEW':
      return { event: { type: 'REVIEW', by, at, note: REVIEW_NOTE }, note: REVIEW_NOTE.trim() };
    case 'RETURN':
      return e.note === 'given'
        ? { event: { type: 'RETURN', by, at, note: RETURN_NOTE }, note: RETURN_NOTE.trim() }
        : { event: { type: 'RETURN', by, at, note: BLANK_NOTE }, note: null };
  }
}

describe('statementEntry: model paths against the real machine', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const actor = createActor(statementEntryMachine, { inspect: coverage.inspect }).start();
    const expected: StatementMove[] = [];
    let current: EntryState = 'not_started';
    let n = 0;
    type Step = {
      event: StatementEntryModelEvent;
      state: { value: unknown; context: StatementEntryModelContext };
    };
    const forward = (step: Step) => {
      n++;
      const { event, note } = realEvent(step.event, n);
      const before = actor.getSnapshot();
      actor.send(event);
      const after = actor.getSnapshot();
      const to = step.state.value as EntryState;
      if (step.state.context.refused) {
        expect(to).toBe(current);
        expect(after.value).toBe(before.value);
        expect(after.context).toEqual(before.context);
        expect(applyMove(before.context, event)).toBeNull();
      } else {
        expected.push({ from: current, to, by: event.by, at: event.at, note });
        expect(applyMove(before.context, event)).toEqual(after.context);
      }
      current = to;
      expect(after.value).toEqual(step.state.value);
    };
    const check = (s: { value: unknown; context: StatementEntryModelContext }) => {
      const snap = actor.getSnapshot();
      const state = s.value as EntryState;
      expect(snap.value).toBe(state);
      expect(snap.context.state).toBe(state);
      expect(snap.context.checksPassed).toBe(s.context.checksPassed);
      const allowed = expectedMoves(state, s.context.checksPassed);
      expect(allowedMoves(snap)).toEqual(allowed);
      expect(allowedMoves(state, s.context.checksPassed)).toEqual(allowed);
      const history = snap.context.history;
      expect(history).toHaveLength(expected.length);
      if (expected.length > 0) {
        const last = history.at(-1)!;
        const want = expected.at(-1)!;
        expect([last.from, last.to, last.by, last.at, last.note]).toEqual([
          want.from,
          want.to,
          want.by,
          want.at,
          want.note,
        ]);
      }
      expect(history).toEqual(expected);
    };
    await path.test({
      events: Object.fromEntries(['SAVE_DRAFT', 'SUBMIT', 'REVIEW', 'RETURN'].map((t) => [t, forward])),
      states: Object.fromEntries(ENTRY_STATES.map((s) => [s, check])),
    });
    ran++;
  });

  it('the paths take every transition and reach every state of the model', () => {
    const m = modelCoverage(model, paths);
    expect(m.missingStates).toEqual([]);
    expect(m.missingTransitions).toEqual([]);
  });

  it('the paths made the real machine visit every state node and take every transition', () => {
    expect(ran).toBe(paths.length);
    expect(coverage.missing()).toEqual({ nodes: [], transitions: [] });
  });

  it('the model refuses exactly what its table of allowed moves leaves out', () => {
    const adjacency = model.getAdjacencyMap() as unknown as Record<
      string,
      {
        state: { value: EntryState; context: StatementEntryModelContext };
        transitions: Record<
          string,
          { event: StatementEntryModelEvent; state: { context: StatementEntryModelContext } }
        >;
      }
    >;
    for (const { state, transitions } of Object.values(adjacency)) {
      const allowed = expectedMoves(state.value, state.context.checksPassed);
      for (const { event, state: next } of Object.values(transitions)) {
        const blank = event.type === 'RETURN' && event.note === 'blank';
        expect(next.context.refused, `${state.value} ${JSON.stringify(event)}`).toBe(
          blank || !allowed.includes(event.type),
        );
      }
      expect(Object.keys(transitions)).toHaveLength(STATEMENT_ENTRY_MODEL_EVENTS.length);
    }
  });
});

// ---- plain unit tests of the rules ----

const AT = '2025-06-01T09:00:00.000Z';
const PREPARER = 7;
const REVIEWER = 9;
const saveDraft = (checksPassed: boolean, note?: string | null): StatementEntryEvent => ({
  type: 'SAVE_DRAFT',
  checksPassed,
  by: PREPARER,
  at: AT,
  note,
});
const submit: StatementEntryEvent = { type: 'SUBMIT', by: PREPARER, at: AT };
const review: StatementEntryEvent = { type: 'REVIEW', by: REVIEWER, at: AT };
const giveBack = (note: string): StatementEntryEvent => ({ type: 'RETURN', by: REVIEWER, at: AT, note });

/** Moves that bring a new statement to each state (the draft's checks pass unless named). */
const ROUTES: Record<string, { state: EntryState; checksPassed: boolean; moves: StatementEntryEvent[] }> = {
  not_started: { state: 'not_started', checksPassed: false, moves: [] },
  'draft (checks fail)': { state: 'draft', checksPassed: false, moves: [saveDraft(false)] },
  'draft (checks pass)': { state: 'draft', checksPassed: true, moves: [saveDraft(true)] },
  submitted: { state: 'submitted', checksPassed: true, moves: [saveDraft(true), submit] },
  reviewed: { state: 'reviewed', checksPassed: true, moves: [saveDraft(true), submit, review] },
  returned: {
    state: 'returned',
    checksPassed: true,
    moves: [saveDraft(true), submit, giveBack('اصلاح شود')],
  },
};

function actorAt(moves: StatementEntryEvent[]) {
  const actor = createActor(statementEntryMachine).start();
  for (const m of moves) actor.send(m);
  expect(actor.getSnapshot().context.history).toHaveLength(moves.length);
  return actor;
}

/** Sends `event` and asserts that nothing changed: state, checks and history. */
function expectRefused(actor: ReturnType<typeof actorAt>, event: StatementEntryEvent) {
  const before = actor.getSnapshot();
  actor.send(event);
  const after = actor.getSnapshot();
  expect(after.value, JSON.stringify(event)).toBe(before.value);
  expect(after.context, JSON.stringify(event)).toEqual(before.context);
  expect(applyMove(before.context, event), JSON.stringify(event)).toBeNull();
}

describe('statementEntry: the guards', () => {
  it('refuses to submit while the checks fail; a passing save allows it; the last save counts', () => {
    const actor = actorAt([saveDraft(false)]);
    expect(allowedMoves(actor.getSnapshot())).toEqual(['SAVE_DRAFT']);
    expectRefused(actor, submit);
    actor.send(saveDraft(true));
    expect(allowedMoves(actor.getSnapshot())).toEqual(['SAVE_DRAFT', 'SUBMIT']);
    actor.send(saveDraft(false));
    expectRefused(actor, submit);
    actor.send(saveDraft(true));
    actor.send(submit);
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(actor.getSnapshot().context.history.map((m) => `${m.from}→${m.to}`)).toEqual([
      'not_started→draft',
      'draft→draft',
      'draft→draft',
      'draft→draft',
      'draft→submitted',
    ]);
  });

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['tabs and newlines', ' \t\n\r '],
    ['non-breaking spaces', '\u00a0\u00a0'],
    ['zero-width and direction marks', ' \u200c\u200f\u2067 '],
  ])('refuses a return with a %s note, from submitted and from reviewed', (_, note) => {
    for (const route of [ROUTES.submitted!, ROUTES.reviewed!]) {
      const actor = actorAt(route.moves);
      expectRefused(actor, giveBack(note));
      expectRefused(actor, { type: 'RETURN', by: REVIEWER, at: AT } as unknown as StatementEntryEvent);
      expectRefused(actor, {
        type: 'RETURN',
        by: REVIEWER,
        at: AT,
        note: null,
      } as unknown as StatementEntryEvent);
    }
  });

  it('accepts a return with a reason, trimmed, from submitted and from reviewed (reopening)', () => {
    for (const route of [ROUTES.submitted!, ROUTES.reviewed!]) {
      const actor = actorAt(route.moves);
      actor.send(giveBack('  سود انباشته با صورت تغییرات حقوق مالکانه نمی‌خواند\n'));
      const { value, context } = actor.getSnapshot();
      expect(value).toBe('returned');
      expect(context.history.at(-1)).toEqual({
        from: route.state,
        to: 'returned',
        by: REVIEWER,
        at: AT,
        note: 'سود انباشته با صورت تغییرات حقوق مالکانه نمی‌خواند',
      });
    }
  });

  it('does not submit, review or save a reviewed statement again', () => {
    const actor = actorAt(ROUTES.reviewed!.moves);
    expect(allowedMoves(actor.getSnapshot())).toEqual(['RETURN']);
    expectRefused(actor, submit);
    expectRefused(actor, review);
    expectRefused(actor, saveDraft(true));
  });

  it('saves a returned statement as a draft before it is submitted again', () => {
    const actor = actorAt(ROUTES.returned!.moves);
    expect(allowedMoves(actor.getSnapshot())).toEqual(['SAVE_DRAFT']);
    expectRefused(actor, submit);
    actor.send(saveDraft(true, ' اقلام اصلاح شد '));
    actor.send(submit);
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('submitted');
    expect(context.history.slice(-2)).toEqual([
      { from: 'returned', to: 'draft', by: PREPARER, at: AT, note: 'اقلام اصلاح شد' },
      { from: 'draft', to: 'submitted', by: PREPARER, at: AT, note: null },
    ]);
  });

  const MALFORMED: [string, Partial<StatementEntryEvent>][] = [
    ['user id 0', { by: 0 }],
    ['a negative user id', { by: -3 }],
    ['a fractional user id', { by: 2.5 }],
    ['a NaN user id', { by: Number.NaN }],
    ['a user id given as text', { by: '7' as unknown as number }],
    ['no timestamp', { at: '' }],
    ['a word for a timestamp', { at: 'دیروز' }],
    ['a date without a time', { at: '2025-06-01' }],
    ['a time without a zone', { at: '2025-06-01T09:00:00' }],
    ['a time without seconds', { at: '2025-06-01T09:00Z' }],
    ['30 February', { at: '2025-02-30T09:00:00Z' }],
    ['month 13', { at: '2025-13-01T09:00:00Z' }],
    ['hour 24', { at: '2025-06-01T24:00:00Z' }],
  ];
  const WELL_FORMED: StatementEntryEvent[] = [
    saveDraft(true),
    saveDraft(false),
    submit,
    review,
    giveBack('دلیل برگشت'),
    giveBack(BLANK_NOTE),
  ];

  it.each(Object.entries(ROUTES))(
    'in %s, every refused event leaves state and history unchanged',
    (_, route) => {
      const allowed = expectedMoves(route.state, route.checksPassed);
      let refusedCount = 0;
      for (const event of WELL_FORMED) {
        const blank = event.type === 'RETURN' && event.note === BLANK_NOTE;
        const actor = actorAt(route.moves);
        if (blank || !allowed.includes(event.type)) {
          expectRefused(actor, event);
          refusedCount++;
        } else {
          actor.send(event);
          expect(actor.getSnapshot().context.history).toHaveLength(route.moves.length + 1);
        }
        for (const [, bad] of MALFORMED) {
          expectRefused(actorAt(route.moves), { ...event, ...bad } as StatementEntryEvent);
          refusedCount++;
        }
      }
      expect(refusedCount).toBeGreaterThan(MALFORMED.length * WELL_FORMED.length);
    },
  );

  it.each(MALFORMED)('refuses a move with %s', (_, bad) => {
    expectRefused(actorAt([]), { ...saveDraft(true), ...bad } as StatementEntryEvent);
  });

  it.each(['2025-06-01T12:30:00+03:30', '2025-06-01T09:00:00.123456Z', '2024-02-29T23:59:59Z'])(
    'accepts and keeps the timestamp %s as given',
    (at) => {
      const actor = actorAt([]);
      actor.send({ ...saveDraft(true), at });
      expect(actor.getSnapshot().context.history).toEqual([
        { from: 'not_started', to: 'draft', by: PREPARER, at, note: null },
      ]);
    },
  );
});

describe('statementEntry: helpers', () => {
  it('allowedMoves answers alike for a snapshot and for a state, and matches the machine', () => {
    for (const state of ENTRY_STATES) {
      for (const checksPassed of [false, true]) {
        const want = expectedMoves(state, checksPassed);
        expect(allowedMoves(state, checksPassed), `${state} ${checksPassed}`).toEqual(want);
        const snapshot = restoreStatementEntry({ state, checksPassed, history: [] });
        expect(allowedMoves(snapshot)).toEqual(want);
        // An explicit checksPassed asks "what if the checks were …" of a snapshot.
        expect(allowedMoves(snapshot, !checksPassed)).toEqual(expectedMoves(state, !checksPassed));
      }
    }
    expect(STATEMENT_MOVE_TYPES).toEqual(['SAVE_DRAFT', 'SUBMIT', 'REVIEW', 'RETURN']);
  });

  it('applyMove decides on a stored statement without changing it', () => {
    const stored: StatementEntryContext = structuredClone(INITIAL_STATEMENT_ENTRY) as StatementEntryContext;
    const frozen = Object.freeze({
      ...stored,
      history: Object.freeze([...stored.history]),
    }) as StatementEntryContext;
    expect(applyMove(frozen, submit)).toBeNull();
    const drafted = applyMove(frozen, saveDraft(false))!;
    expect(drafted).toEqual({
      state: 'draft',
      checksPassed: false,
      history: [{ from: 'not_started', to: 'draft', by: PREPARER, at: AT, note: null }],
    });
    expect(frozen).toEqual(INITIAL_STATEMENT_ENTRY);
    expect(applyMove(drafted, submit)).toBeNull();
    const passed = applyMove(drafted, saveDraft(true))!;
    const submitted = applyMove(passed, submit)!;
    expect(submitted.state).toBe('submitted');
    expect(submitted.history).toHaveLength(3);
    // A restored snapshot runs on in an actor like a fresh one.
    const actor = createActor(statementEntryMachine, { snapshot: restoreStatementEntry(submitted) }).start();
    actor.send(review);
    expect(actor.getSnapshot().value).toBe('reviewed');
    expect(actor.getSnapshot().context.history).toHaveLength(4);
  });

  it('restoreStatementEntry refuses a state that is not an entry state', () => {
    expect(() =>
      restoreStatementEntry({ state: 'approved' as EntryState, checksPassed: true, history: [] }),
    ).toThrow('unknown statement entry state: approved');
  });

  it('names every state in Persian', () => {
    expect(Object.keys(ENTRY_STATE_LABELS_FA)).toEqual([...ENTRY_STATES]);
    expect(ENTRY_STATE_LABELS_FA).toEqual({
      not_started: 'شروع نشده',
      draft: 'پیش\u200cنویس',
      submitted: 'ارسال\u200cشده',
      reviewed: 'بررسی\u200cشده',
      returned: 'برگشت برای اصلاح',
    });
  });
});
