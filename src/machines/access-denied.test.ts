import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  type AccessDeniedModelEvent,
  accessDeniedPaths,
  createAccessDeniedTestModel,
} from './access-denied.model.ts';
import { ACCESS_DENIED_TITLE, accessDeniedMachine } from './access-denied.ts';
import { createCoverage } from './testing/coverage.ts';
import { modelCoverage } from './testing/paths.ts';

const model = createAccessDeniedTestModel();
const paths = accessDeniedPaths();
const coverage = createCoverage(accessDeniedMachine);
let ran = 0;

afterAll(() => {
  const m = modelCoverage(model, paths);
  console.log(
    `[model] accessDenied: ${paths.length} paths (${ran} ran), ${m.states} states, ${m.transitions} transitions; machine: ${coverage.summary()}`,
  );
});

describe('accessDenied: model paths against the real machine', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const actor = createActor(accessDeniedMachine, { inspect: coverage.inspect }).start();
    type Step = {
      event: AccessDeniedModelEvent;
      state: { value: unknown; context: { message: string | null } };
    };
    const forward = (step: Step) => {
      // Escape and clicks outside are not events of the machine: nothing reaches it.
      if (!step.event.type.startsWith('ui.')) actor.send(step.event as never);
      expect(actor.getSnapshot().value).toEqual(step.state.value);
    };
    await path.test({
      events: Object.fromEntries(
        [
          'accessDenied.show',
          'accessDenied.close',
          'accessDenied.hide',
          'ui.pressEscape',
          'ui.clickOutside',
        ].map((t) => [t, forward]),
      ),
      states: {
        shown: (s) => {
          const c = actor.getSnapshot().context;
          expect(c.message).toBe(s.context.message);
          expect(c.title).toBe(ACCESS_DENIED_TITLE);
        },
        hidden: () => expect(actor.getSnapshot().matches('hidden')).toBe(true),
      },
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

  it('keeps a blank message out and lets a caller name the dialog', () => {
    const actor = createActor(accessDeniedMachine).start();
    actor.send({ type: 'accessDenied.show', message: '   ', title: 'نبود مجوز' });
    expect(actor.getSnapshot().context).toEqual({ message: null, title: 'نبود مجوز' });
  });
});
