import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  allowedIssueMoves,
  applyIssueMove,
  ISSUE_MOVE_TYPES,
  ISSUE_STATE_LABELS_FA,
  ISSUE_STATES,
  type IssueMoveResult,
  type IssueState,
  type IssueStatusContext,
  type IssueStatusEvent,
  initialIssueStatus,
  issueStatusMachine,
  PRODUCT_MOVER,
  restoreIssueStatus,
} from '../domain/issues/issue-status.ts';
import {
  createIssueStatusTestModel,
  expectedIssueMoves,
  ISSUE_STATUS_MODEL_EVENTS,
  type IssueStatusModelContext,
  type IssueStatusModelEvent,
  invalidPayload,
  issueStatusPaths,
} from './issue-status.model.ts';
import { createCoverage } from './testing/coverage.ts';
import { modelCoverage } from './testing/paths.ts';

const model = createIssueStatusTestModel();
const paths = issueStatusPaths();
const coverage = createCoverage(issueStatusMachine);
let ran = 0;

afterAll(() => {
  const m = modelCoverage(model, paths);
  console.log(
    `[model] issueStatus: ${paths.length} paths (${ran} ran), ${m.states} states, ${m.transitions} transitions; machine: ${coverage.summary()}`,
  );
});

/** The issue under test: its own id, the one a duplicate may not name. */
const ISSUE_ID = 42;
/** A reason as a form sends it, with the spaces left around it. */
const REASON = '  گزارش حسابرسی با اسناد پیوست مطابقت ندارد  ';
const NOTE = ' پیگیری با مدیر مالی شرکت ';
/** Blanks a reason may not be made of: spaces, a tab, a newline, zero-width and direction marks. */
const BLANK = ' \u200c\u200f\t\u2067 \n';

/** The ISO day `k` days after `day`. */
function addDays(day: string, k: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + k)).toISOString().slice(0, 10);
}

/** The refusal of a move a state does not take. */
const CANNOT: Record<IssueStatusEvent['type'], string> = {
  ACCEPT: 'پذیرفت',
  START: 'در دست اقدام گذاشت',
  MARK_DUPLICATE: 'تکراری اعلام کرد',
  DECLINE: 'رد کرد',
  SNOOZE: 'به تعویق انداخت',
  WAKE: 'از تعویق درآورد',
  RESOLVE: 'حل\u200cشده اعلام کرد',
  CLOSE: 'بست',
  REOPEN: 'دوباره باز کرد',
};
const stateRefusal = (state: IssueState, type: IssueStatusEvent['type']) =>
  `موضوع در وضعیت «${ISSUE_STATE_LABELS_FA[state]}» را نمی\u200cتوان ${CANNOT[type]}`;

/** The refusal of a payload case the model calls invalid, in a state that takes the move. */
const PAYLOAD_REFUSAL: Partial<Record<IssueStatusEvent['type'], RegExp>> = {
  MARK_DUPLICATE: /^موضوع نمی\u200cتواند تکراریِ خودش باشد$/,
  DECLINE: /^دلیل رد لازم است$/,
  REOPEN: /^دلیل بازگشایی لازم است$/,
  SNOOZE: /^تاریخ تعویق باید بعد از امروز باشد$/,
  WAKE: /^موعد تعویق \(\d{4}-\d{2}-\d{2}\) هنوز نرسیده است$/,
};

/**
 * The real event for a model step: who and when change with every step (`n`); `at` is 00:30 in
 * Tehran, still the day before in UTC, so a machine reading the UTC day would decide otherwise.
 * A wake's day is taken from the snooze being woken (`context.snoozedUntil`).
 */
function realEvent(
  e: IssueStatusModelEvent,
  n: number,
  context: IssueStatusContext,
): { event: IssueStatusEvent; note: string | null } {
  const by = 100 + n;
  const today = addDays('2025-03-01', 2 * n);
  const at = `${today}T00:30:00+03:30`;
  const plain = n % 2 === 1 ? { note: NOTE, want: NOTE.trim() } : { note: BLANK, want: null };
  switch (e.type) {
    case 'ACCEPT':
    case 'START':
    case 'RESOLVE':
    case 'CLOSE':
      return { event: { type: e.type, by, at, note: plain.note }, note: plain.want };
    case 'MARK_DUPLICATE':
      return {
        event: { type: e.type, of: e.of === 'other' ? 1000 + n : ISSUE_ID, by, at, note: plain.note },
        note: plain.want,
      };
    case 'DECLINE':
    case 'REOPEN':
      return e.reason === 'given'
        ? { event: { type: e.type, reason: REASON, by, at }, note: REASON.trim() }
        : { event: { type: e.type, reason: BLANK, by, at }, note: null };
    case 'SNOOZE':
      return {
        event: {
          type: e.type,
          until: e.until === 'next_day' ? addDays(today, 1) : today,
          by,
          at,
          note: plain.note,
        },
        note: plain.want,
      };
    case 'WAKE': {
      const last = context.snoozedUntil ?? today;
      const wakeAt = e.day === 'reached' ? `${last}T00:00:00+03:30` : `${addDays(last, -1)}T23:59:59+03:30`;
      return { event: { type: e.type, by, at: wakeAt, note: plain.note }, note: plain.want };
    }
  }
}

describe('issueStatus: model paths against the real machine', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const actor = createActor(issueStatusMachine, {
      input: { id: ISSUE_ID },
      inspect: coverage.inspect,
    }).start();
    // What the server stores: each move decided by applyIssueMove on the stored context.
    let stored = initialIssueStatus(ISSUE_ID);
    let current: IssueState = 'new';
    let n = 0;
    type ModelState = { value: unknown; context: IssueStatusModelContext };
    type Step = { event: IssueStatusModelEvent; state: ModelState };
    const forward = (step: Step) => {
      n++;
      const { event, note } = realEvent(step.event, n, stored);
      const before = actor.getSnapshot();
      const result = applyIssueMove(stored, event);
      actor.send(event);
      const after = actor.getSnapshot();
      const to = step.state.value as IssueState;
      if (step.state.context.refused) {
        expect(to).toBe(current);
        expect(after.value).toBe(before.value);
        expect(after.context).toEqual(before.context);
        expect(result.ok).toBe(false);
        const reason = (result as { reason: string }).reason;
        if (expectedIssueMoves(current).includes(event.type)) {
          expect(invalidPayload(step.event)).toBe(true);
          expect(reason).toMatch(PAYLOAD_REFUSAL[event.type]!);
        } else expect(reason).toBe(stateRefusal(current, event.type));
      } else {
        const want: IssueStatusContext = {
          id: ISSUE_ID,
          state: to,
          duplicateOf: to === 'duplicate' && event.type === 'MARK_DUPLICATE' ? event.of : null,
          declineReason: to === 'declined' ? REASON.trim() : null,
          snoozedUntil: to === 'snoozed' && event.type === 'SNOOZE' ? event.until : null,
          snoozedFrom: to === 'snoozed' ? step.state.context.snoozedFrom : null,
        };
        expect(to).not.toBe(current);
        expect(result).toEqual({
          ok: true,
          context: want,
          move: { from: current, to, by: event.by, at: event.at, note },
        });
        expect(after.context).toEqual(want);
        stored = want;
      }
      current = to;
      expect(after.value).toEqual(step.state.value);
    };
    const check = (s: ModelState) => {
      const snap = actor.getSnapshot();
      const state = s.value as IssueState;
      expect(snap.value).toBe(state);
      expect(snap.context).toEqual(stored);
      expect(snap.context.state).toBe(state);
      expect(snap.context.snoozedFrom).toBe(s.context.snoozedFrom);
      expect(allowedIssueMoves(stored)).toEqual(expectedIssueMoves(state));
      expect(restoreIssueStatus(stored).value).toBe(state);
      expect(() => restoreIssueStatus({ ...stored, state: 'approved' as IssueState })).toThrow(
        'unknown issue state: approved',
      );
    };
    await path.test({
      events: Object.fromEntries(ISSUE_MOVE_TYPES.map((t) => [t, forward])),
      states: Object.fromEntries(ISSUE_STATES.map((s) => [s, check])),
    });
    ran++;
  });

  it('the paths take every transition and reach every state of the model', () => {
    const m = modelCoverage(model, paths);
    expect(m.states).toBe(10);
    expect(m.transitions).toBe(10 * ISSUE_STATUS_MODEL_EVENTS.length);
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
        state: { value: IssueState; context: IssueStatusModelContext };
        transitions: Record<
          string,
          { event: IssueStatusModelEvent; state: { context: IssueStatusModelContext } }
        >;
      }
    >;
    for (const { state, transitions } of Object.values(adjacency)) {
      const allowed = expectedIssueMoves(state.value);
      for (const { event, state: next } of Object.values(transitions)) {
        expect(next.context.refused, `${state.value} ${JSON.stringify(event)}`).toBe(
          invalidPayload(event) || !allowed.includes(event.type),
        );
      }
      expect(Object.keys(transitions)).toHaveLength(ISSUE_STATUS_MODEL_EVENTS.length);
    }
  });
});

// ---- plain unit tests of the rules ----

const ID = 7;
const AUDITOR = 3;
const TODAY = '2025-06-01';
const TOMORROW = '2025-06-02';
const AT = `${TODAY}T09:00:00+03:30`;
const accept: IssueStatusEvent = { type: 'ACCEPT', by: AUDITOR, at: AT };
const start: IssueStatusEvent = { type: 'START', by: AUDITOR, at: AT };
const resolve: IssueStatusEvent = { type: 'RESOLVE', by: AUDITOR, at: AT };
const close: IssueStatusEvent = { type: 'CLOSE', by: AUDITOR, at: AT };
const wake = (at: string): IssueStatusEvent => ({ type: 'WAKE', by: AUDITOR, at });
const markDuplicate = (of: number): IssueStatusEvent => ({ type: 'MARK_DUPLICATE', of, by: AUDITOR, at: AT });
const decline = (reason: string): IssueStatusEvent => ({ type: 'DECLINE', reason, by: AUDITOR, at: AT });
const reopen = (reason: string): IssueStatusEvent => ({ type: 'REOPEN', reason, by: AUDITOR, at: AT });
const snooze = (until: string, at = AT): IssueStatusEvent => ({ type: 'SNOOZE', until, by: AUDITOR, at });

/** Moves that bring a new issue (id `ID`) to each state. */
const ROUTES: Record<IssueState, IssueStatusEvent[]> = {
  new: [],
  accepted: [accept],
  in_progress: [accept, start],
  duplicate: [markDuplicate(5)],
  declined: [decline('خارج از حوزه‌ی نظارت')],
  snoozed: [snooze(TOMORROW)],
  resolved: [accept, resolve],
  closed: [accept, resolve, close],
};

/** The stored context after `moves`, each of which must be accepted. */
function contextAfter(moves: IssueStatusEvent[], from = initialIssueStatus(ID)): IssueStatusContext {
  let context = from;
  for (const m of moves) {
    const result = applyIssueMove(context, m);
    expect(result.ok, JSON.stringify(m)).toBe(true);
    context = (result as Extract<IssueMoveResult, { ok: true }>).context;
  }
  return context;
}

/** Applies `event`, which must be accepted, and returns the result. */
function accepted(context: IssueStatusContext, event: IssueStatusEvent) {
  const result = applyIssueMove(context, event);
  expect(result.ok, JSON.stringify(event)).toBe(true);
  return result as Extract<IssueMoveResult, { ok: true }>;
}

/**
 * Asserts that `event` is refused on `context`, with `reason` when given, and that nothing
 * changed: neither the stored context (frozen) nor an actor restored on it.
 */
function expectRefused(context: IssueStatusContext, event: IssueStatusEvent, reason?: string | RegExp) {
  const label = `${context.state} ${JSON.stringify(event)}`;
  const frozen = Object.freeze({ ...context });
  const result = applyIssueMove(frozen, event);
  expect(result.ok, label).toBe(false);
  const said = (result as { reason: string }).reason;
  expect(said, label).toMatch(/\S/);
  if (typeof reason === 'string') expect(said, label).toBe(reason);
  else if (reason) expect(said, label).toMatch(reason);
  expect(frozen, label).toEqual(context);
  const actor = createActor(issueStatusMachine, {
    snapshot: restoreIssueStatus(context),
    input: { id: ID },
  }).start();
  actor.send(event);
  expect(actor.getSnapshot().value, label).toBe(context.state);
  expect(actor.getSnapshot().context, label).toEqual(context);
}

describe('issueStatus: snoozing and waking on the day', () => {
  it.each(['new', 'accepted', 'in_progress'] as const)(
    'from %s: refuses a snooze to today or earlier, accepts one to the day after',
    (state) => {
      const context = contextAfter(ROUTES[state]);
      const notAfter = 'تاریخ تعویق باید بعد از امروز باشد';
      expectRefused(context, snooze(TODAY), notAfter);
      expectRefused(context, snooze('2025-05-31'), notAfter);
      expectRefused(context, snooze('2024-06-02'), notAfter);
      const result = accepted(context, snooze(TOMORROW));
      expect(result.context).toEqual({
        id: ID,
        state: 'snoozed',
        duplicateOf: null,
        declineReason: null,
        snoozedUntil: TOMORROW,
        snoozedFrom: state,
      });
      expect(result.move).toEqual({ from: state, to: 'snoozed', by: AUDITOR, at: AT, note: null });
    },
  );

  it('takes the day of `at` in its own zone (the server passes Tehran time)', () => {
    const context = initialIssueStatus(ID);
    // 00:30 on 1 June in Tehran is 21:00 on 31 May in UTC: still 1 June for the machine.
    expectRefused(context, snooze('2025-06-01', '2025-06-01T00:30:00+03:30'));
    expect(accepted(context, snooze('2025-06-02', '2025-06-01T00:30:00+03:30')).context.snoozedUntil).toBe(
      '2025-06-02',
    );
    // The same instant written in UTC is 31 May: 1 June is then the day after.
    expect(accepted(context, snooze('2025-06-01', '2025-05-31T21:00:00Z')).context.snoozedUntil).toBe(
      '2025-06-01',
    );
    // 23:59:59 in Tehran is still today; the next day begins at midnight.
    expectRefused(context, snooze('2025-06-01', '2025-06-01T23:59:59+03:30'));
    expectRefused(context, snooze('2025-06-02', '2025-06-02T00:00:00+03:30'));
  });

  it.each([
    ['30 February', '2025-02-30'],
    ['29 February of a common year', '2025-02-29'],
    ['29 February of a century not divisible by 400', '2100-02-29'],
    ['month 13', '2025-13-01'],
    ['day 0', '2025-07-00'],
    ['31 June', '2025-06-31'],
    ['unpadded digits', '2025-7-1'],
    ['a timestamp', '2025-07-01T00:00:00Z'],
    ['Persian digits', '۲۰۲۵-۰۷-۰۱'],
    ['a word', 'فردا'],
    ['nothing', ''],
  ])('refuses a snooze until %s', (_, until) => {
    expectRefused(initialIssueStatus(ID), snooze(until), 'تاریخ تعویق معتبر نیست');
  });

  it('refuses a snooze without a day at all', () => {
    for (const until of [undefined, null, 20250702]) {
      expectRefused(
        initialIssueStatus(ID),
        { ...snooze(TOMORROW), until } as unknown as IssueStatusEvent,
        'تاریخ تعویق معتبر نیست',
      );
    }
  });

  it('accepts a snooze until a leap day, and across a month and a year', () => {
    const context = initialIssueStatus(ID);
    expect(accepted(context, snooze('2000-02-29', '2000-02-28T10:00:00+03:30')).context.snoozedUntil).toBe(
      '2000-02-29',
    );
    expect(accepted(context, snooze('2028-02-29', '2028-02-28T10:00:00+03:30')).context.snoozedUntil).toBe(
      '2028-02-29',
    );
    expect(accepted(context, snooze('2025-07-01', '2025-06-30T10:00:00+03:30')).context.snoozedUntil).toBe(
      '2025-07-01',
    );
    expect(accepted(context, snooze('2026-01-01', '2025-12-31T10:00:00+03:30')).context.snoozedUntil).toBe(
      '2026-01-01',
    );
  });

  it.each(['new', 'accepted', 'in_progress'] as const)(
    'snoozed from %s: a wake the day before is refused, on the day it goes back there',
    (state) => {
      const snoozed = contextAfter([...ROUTES[state], snooze('2025-06-05')]);
      expect(snoozed.snoozedFrom).toBe(state);
      const early = /^موعد تعویق \(2025-06-05\) هنوز نرسیده است$/;
      expectRefused(snoozed, wake('2025-06-04T23:59:59+03:30'), early);
      expectRefused(snoozed, wake('2025-06-04T00:00:00+03:30'), early);
      expectRefused(snoozed, wake('2025-05-06T12:00:00+03:30'), early);
      // 2025-06-04T21:00Z is already 5 June in Tehran, but the machine reads the day as written.
      expectRefused(snoozed, wake('2025-06-04T21:00:00Z'), early);
      for (const at of [
        '2025-06-05T00:00:00+03:30',
        '2025-06-05T23:59:59+03:30',
        '2025-07-20T08:00:00+03:30',
      ]) {
        const result = accepted(snoozed, wake(at));
        expect(result.context).toEqual({ ...contextAfter(ROUTES[state]) });
        expect(result.move).toEqual({ from: 'snoozed', to: state, by: AUDITOR, at, note: null });
      }
    },
  );

  it('refuses a wake in every state but snoozed, and a second snooze while snoozed', () => {
    for (const state of ISSUE_STATES) {
      if (state === 'snoozed') continue;
      expectRefused(
        contextAfter(ROUTES[state]),
        wake('2030-01-01T00:00:00+03:30'),
        stateRefusal(state, 'WAKE'),
      );
    }
    const snoozed = contextAfter(ROUTES.snoozed);
    expectRefused(snoozed, snooze('2025-06-10'), stateRefusal('snoozed', 'SNOOZE'));
  });

  it('ends a snooze early by accepting, marking a duplicate or declining, and clears it', () => {
    const snoozed = contextAfter([accept, start, snooze('2025-06-10')]);
    expect(snoozed).toMatchObject({
      state: 'snoozed',
      snoozedUntil: '2025-06-10',
      snoozedFrom: 'in_progress',
    });
    expect(accepted(snoozed, accept).context).toEqual({ ...initialIssueStatus(ID), state: 'accepted' });
    expect(accepted(snoozed, markDuplicate(9)).context).toEqual({
      ...initialIssueStatus(ID),
      state: 'duplicate',
      duplicateOf: 9,
    });
    expect(accepted(snoozed, decline(REASON)).context).toEqual({
      ...initialIssueStatus(ID),
      state: 'declined',
      declineReason: REASON.trim(),
    });
  });
});

describe('issueStatus: the other guards', () => {
  it.each(['new', 'accepted', 'in_progress', 'snoozed'] as const)(
    'in %s: refuses a duplicate of itself or of no issue, accepts one of another',
    (state) => {
      const context = contextAfter(ROUTES[state]);
      expectRefused(context, markDuplicate(ID), 'موضوع نمی\u200cتواند تکراریِ خودش باشد');
      const invalid = /^شماره‌ی موضوعی که این موضوع تکرار آن است معتبر نیست$/;
      for (const of of [0, -1, -ID, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1]) {
        expectRefused(context, markDuplicate(of), invalid);
      }
      expectRefused(context, { ...markDuplicate(1), of: '5' } as unknown as IssueStatusEvent, invalid);
      expectRefused(context, { type: 'MARK_DUPLICATE', by: AUDITOR, at: AT } as IssueStatusEvent, invalid);
      for (const of of [1, ID - 1, ID + 1, Number.MAX_SAFE_INTEGER]) {
        const result = accepted(context, markDuplicate(of));
        expect(result.context).toEqual({ ...initialIssueStatus(ID), state: 'duplicate', duplicateOf: of });
        expect(result.move).toEqual({ from: state, to: 'duplicate', by: AUDITOR, at: AT, note: null });
      }
    },
  );

  const BLANKS: [string, unknown][] = [
    ['empty', ''],
    ['spaces', '   '],
    ['tabs and newlines', ' \t\n\r '],
    ['non-breaking spaces', '\u00a0\u00a0'],
    ['zero-width and direction marks', ' \u200c\u200f\u2067 '],
    ['a byte-order mark and a word joiner', '\uFEFF\u2060'],
    ['missing', undefined],
    ['null', null],
    ['a number', 12],
  ];

  it.each(BLANKS)('refuses a decline and a reopening whose reason is %s', (_, reason) => {
    for (const state of ['new', 'accepted', 'in_progress', 'snoozed'] as const) {
      const event = { ...decline('x'), reason } as unknown as IssueStatusEvent;
      expectRefused(contextAfter(ROUTES[state]), event, 'دلیل رد لازم است');
    }
    for (const state of ['resolved', 'closed', 'declined', 'duplicate'] as const) {
      const event = { ...reopen('x'), reason } as unknown as IssueStatusEvent;
      expectRefused(contextAfter(ROUTES[state]), event, 'دلیل بازگشایی لازم است');
    }
  });

  it('keeps a decline reason trimmed, and it is the move note', () => {
    const result = accepted(contextAfter(ROUTES.accepted), decline('\n  تکرار گزارش سال قبل است \t'));
    expect(result.context).toEqual({
      ...initialIssueStatus(ID),
      state: 'declined',
      declineReason: 'تکرار گزارش سال قبل است',
    });
    expect(result.move).toEqual({
      from: 'accepted',
      to: 'declined',
      by: AUDITOR,
      at: AT,
      note: 'تکرار گزارش سال قبل است',
    });
  });

  it.each(['resolved', 'closed', 'declined', 'duplicate'] as const)(
    'reopens from %s with a reason: back to new, every field cleared',
    (state) => {
      const result = accepted(contextAfter(ROUTES[state]), reopen(' اقدام انجام‌شده کافی نبود '));
      expect(result.context).toEqual(initialIssueStatus(ID));
      expect(result.move).toEqual({
        from: state,
        to: 'new',
        by: AUDITOR,
        at: AT,
        note: 'اقدام انجام‌شده کافی نبود',
      });
    },
  );

  it('closes a duplicate or a declined issue, clearing what belonged to that state', () => {
    const dup = contextAfter(ROUTES.duplicate);
    expect(dup.duplicateOf).toBe(5);
    expect(accepted(dup, close).context).toEqual({ ...initialIssueStatus(ID), state: 'closed' });
    const declined = contextAfter(ROUTES.declined);
    expect(declined.declineReason).toBe('خارج از حوزه‌ی نظارت');
    expect(accepted(declined, close).context).toEqual({ ...initialIssueStatus(ID), state: 'closed' });
    expect(accepted(contextAfter(ROUTES.resolved), close).move).toMatchObject({
      from: 'resolved',
      to: 'closed',
    });
  });

  it('says in the refusal which state does not take the move', () => {
    expectRefused(contextAfter(ROUTES.closed), accept, 'موضوع در وضعیت «بسته» را نمی\u200cتوان پذیرفت');
    expectRefused(
      initialIssueStatus(ID),
      resolve,
      'موضوع در وضعیت «جدید» را نمی\u200cتوان حل\u200cشده اعلام کرد',
    );
    expectRefused(initialIssueStatus(ID), close, 'موضوع در وضعیت «جدید» را نمی\u200cتوان بست');
    expectRefused(initialIssueStatus(ID), start, 'موضوع در وضعیت «جدید» را نمی\u200cتوان در دست اقدام گذاشت');
    expectRefused(
      initialIssueStatus(ID),
      reopen(REASON),
      'موضوع در وضعیت «جدید» را نمی\u200cتوان دوباره باز کرد',
    );
    // A state that does not take the move is the reason, even when the payload is bad too.
    expectRefused(contextAfter(ROUTES.closed), decline(''), 'موضوع در وضعیت «بسته» را نمی\u200cتوان رد کرد');
    expectRefused(
      contextAfter(ROUTES.resolved),
      markDuplicate(ID),
      stateRefusal('resolved', 'MARK_DUPLICATE'),
    );
  });

  it('refuses an event of no known type', () => {
    for (const state of ISSUE_STATES) {
      expectRefused(
        contextAfter(ROUTES[state]),
        { type: 'ARCHIVE', by: AUDITOR, at: AT } as unknown as IssueStatusEvent,
        'این درخواست شناخته نیست',
      );
    }
  });

  const MALFORMED: [string, Record<string, unknown>, string][] = [
    ['user id 0', { by: 0 }, 'by'],
    ['a negative user id', { by: -3 }, 'by'],
    ['a fractional user id', { by: 2.5 }, 'by'],
    ['a NaN user id', { by: Number.NaN }, 'by'],
    ['an unsafe user id', { by: Number.MAX_SAFE_INTEGER + 1 }, 'by'],
    ['a user id given as text', { by: '7' }, 'by'],
    ['no user id', { by: undefined }, 'by'],
    ['no timestamp', { at: '' }, 'at'],
    ['a missing timestamp', { at: undefined }, 'at'],
    ['a word for a timestamp', { at: 'دیروز' }, 'at'],
    ['a date without a time', { at: '2025-06-01' }, 'at'],
    ['a time without a zone', { at: '2025-06-01T09:00:00' }, 'at'],
    ['a time without seconds', { at: '2025-06-01T09:00+03:30' }, 'at'],
    ['30 February', { at: '2025-02-30T09:00:00Z' }, 'at'],
    ['29 February 2100', { at: '2100-02-29T09:00:00Z' }, 'at'],
    ['month 13', { at: '2025-13-01T09:00:00Z' }, 'at'],
    ['hour 24', { at: '2025-06-01T24:00:00Z' }, 'at'],
    ['a timestamp as a number', { at: 1748757600000 }, 'at'],
  ];
  const WELL_FORMED: IssueStatusEvent[] = [
    accept,
    start,
    markDuplicate(ID + 1),
    decline(REASON),
    snooze(TOMORROW),
    wake('2030-01-01T00:00:00+03:30'),
    resolve,
    close,
    reopen(REASON),
  ];

  it.each(ISSUE_STATES)('in %s, an event without a valid user or timestamp is refused', (state) => {
    const context = contextAfter(ROUTES[state]);
    const allowed = expectedIssueMoves(state);
    let acceptedCount = 0;
    for (const event of WELL_FORMED) {
      if (allowed.includes(event.type)) {
        accepted(context, event);
        acceptedCount++;
      } else expectRefused(context, event, stateRefusal(state, event.type));
      for (const [, bad, field] of MALFORMED) {
        // a wake by the product itself (user 0) is the one well-formed move without a user: below
        if (event.type === 'WAKE' && bad.by === PRODUCT_MOVER) continue;
        expectRefused(
          context,
          { ...event, ...bad } as IssueStatusEvent,
          field === 'by' ? 'کاربری که این کار را می\u200cکند مشخص نیست' : 'زمان درخواست معتبر نیست',
        );
      }
    }
    expect(acceptedCount).toBe(allowed.length);
  });

  it('a wake may come from the product itself (PRODUCT_MOVER), and no other move may', () => {
    const snoozedCtx = contextAfter(ROUTES.snoozed);
    const day = `${snoozedCtx.snoozedUntil}T00:00:00+03:30`;
    const woken = applyIssueMove(snoozedCtx, { type: 'WAKE', by: PRODUCT_MOVER, at: day });
    expect(woken.ok && woken.move).toMatchObject({ from: 'snoozed', by: PRODUCT_MOVER });
    for (const event of WELL_FORMED.filter((e) => e.type !== 'WAKE'))
      for (const state of ISSUE_STATES)
        expect(applyIssueMove(contextAfter(ROUTES[state]), { ...event, by: PRODUCT_MOVER }).ok).toBe(false);
  });

  it.each([
    '2025-06-01T12:30:00+03:30',
    '2025-06-01T09:00:00.123456Z',
    '2024-02-29T23:59:59Z',
    '2025-06-01T09:00:00-04:00',
  ])('accepts and keeps the timestamp %s as given', (at) => {
    expect(accepted(initialIssueStatus(ID), { ...accept, at }).move).toEqual({
      from: 'new',
      to: 'accepted',
      by: AUDITOR,
      at,
      note: null,
    });
  });
});

describe('issueStatus: helpers', () => {
  it('allowedIssueMoves lists what each state takes, in order, and matches the machine', () => {
    expect(ISSUE_MOVE_TYPES).toEqual([
      'ACCEPT',
      'START',
      'MARK_DUPLICATE',
      'DECLINE',
      'SNOOZE',
      'WAKE',
      'RESOLVE',
      'CLOSE',
      'REOPEN',
    ]);
    for (const state of ISSUE_STATES) {
      const context = contextAfter(ROUTES[state]);
      expect(context.state).toBe(state);
      const want = expectedIssueMoves(state);
      expect(allowedIssueMoves(context), state).toEqual(want);
      expect(want).toEqual(ISSUE_MOVE_TYPES.filter((t) => want.includes(t)));
      expect(allowedIssueMoves(context).includes('WAKE')).toBe(state === 'snoozed');
    }
    // An issue whose own id is 1 may still be marked a duplicate (of another).
    expect(allowedIssueMoves(initialIssueStatus(1))).toEqual(expectedIssueMoves('new'));
  });

  it('applyIssueMove decides on a stored issue without changing it; the note is trimmed or null', () => {
    const stored = Object.freeze(initialIssueStatus(ID));
    expectRefused(stored, start);
    const result = accepted(stored, { ...accept, note: '  پرونده بررسی شد ' });
    expect(result).toEqual({
      ok: true,
      context: { ...initialIssueStatus(ID), state: 'accepted' },
      move: { from: 'new', to: 'accepted', by: AUDITOR, at: AT, note: 'پرونده بررسی شد' },
    });
    expect(stored).toEqual(initialIssueStatus(ID));
    expect(accepted(result.context, { ...start, note: BLANK }).move.note).toBeNull();
    expect(accepted(result.context, { ...start, note: null }).move.note).toBeNull();
    // A restored snapshot runs on in an actor like a fresh one.
    const actor = createActor(issueStatusMachine, {
      snapshot: restoreIssueStatus(result.context),
      input: { id: ID },
    }).start();
    actor.send(start);
    expect(actor.getSnapshot().value).toBe('in_progress');
    expect(actor.getSnapshot().context).toEqual({ ...initialIssueStatus(ID), state: 'in_progress' });
  });

  it('a new machine starts as a new issue with the id it is given', () => {
    const actor = createActor(issueStatusMachine, { input: { id: 12 } }).start();
    expect(actor.getSnapshot().value).toBe('new');
    expect(actor.getSnapshot().context).toEqual(initialIssueStatus(12));
    expect(initialIssueStatus(12)).toEqual({
      id: 12,
      state: 'new',
      duplicateOf: null,
      declineReason: null,
      snoozedUntil: null,
      snoozedFrom: null,
    });
  });

  it('restoreIssueStatus refuses a state that is not an issue state', () => {
    const corrupt = { ...initialIssueStatus(ID), state: 'open' as IssueState };
    expect(() => restoreIssueStatus(corrupt)).toThrow(/open/);
    expect(() => applyIssueMove(corrupt, accept)).toThrow(/open/);
    expect(() => allowedIssueMoves(corrupt)).toThrow(/open/);
    for (const state of ISSUE_STATES) {
      expect(restoreIssueStatus(contextAfter(ROUTES[state])).value).toBe(state);
    }
  });

  it('names every state in Persian', () => {
    expect(Object.keys(ISSUE_STATE_LABELS_FA)).toEqual([...ISSUE_STATES]);
    expect(ISSUE_STATES).toEqual([
      'new',
      'accepted',
      'in_progress',
      'duplicate',
      'declined',
      'snoozed',
      'resolved',
      'closed',
    ]);
    expect(ISSUE_STATE_LABELS_FA).toEqual({
      new: 'جدید',
      accepted: 'پذیرفته',
      in_progress: 'در دست اقدام',
      duplicate: 'تکراری',
      declined: 'ردشده',
      snoozed: 'به تعویق افتاده',
      resolved: 'حل\u200cشده',
      closed: 'بسته',
    });
  });
});
