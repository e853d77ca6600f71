import { getAdjacencyMap, type PathGenerator, type StatePath, type TestModel } from '@xstate/graph';
import type { EventObject, Snapshot } from 'xstate';

type Adjacency = Record<string, { state: unknown; transitions: Record<string, { state: any; event: any }> }>;

/**
 * The events a state really takes. createTestModel offers `{ type }` for every event a state
 * listens to, even when the model's guards refuse it; those edges lead nowhere and are dropped.
 */
function enabledEvents(adjacency: Adjacency, from: string): string[] {
  const entry = adjacency[from]!;
  const snap = entry.state as { can?: (e: EventObject) => boolean };
  return Object.keys(entry.transitions).filter(
    (ev) => typeof snap.can !== 'function' || snap.can(entry.transitions[ev]!.event),
  );
}

/**
 * A path generator for `TestModel.getPaths()` that covers every transition of the model's state
 * graph (every edge of its adjacency map) with few, short paths: each path walks from the
 * initial state to the nearest transition not yet taken, takes it, and goes on from there until
 * nothing new is reachable or the path is `maxSteps` long. Shortest paths reach every state but
 * skip transitions; simple paths take every transition but number in the thousands; this keeps
 * the browser run short while missing nothing.
 */
export function transitionCover<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TInput>(
  opts: { maxSteps?: number } = {},
): PathGenerator<TSnapshot, TEvent, TInput> {
  const maxSteps = opts.maxSteps ?? 14;
  return (logic, options) => {
    const adjacency = getAdjacencyMap(logic, options) as unknown as Record<
      string,
      { state: TSnapshot; transitions: Record<string, { state: TSnapshot; event: TEvent }> }
    >;
    const serialize = options.serializeState!;
    const serializeEvent = options.serializeEvent ?? ((e: TEvent) => JSON.stringify(e));
    const keys = Object.keys(adjacency);
    const initialKey = keys[0]!;
    const edgeId = (from: string, ev: string) => `${from} ⟶ ${ev}`;
    const targetOf = (from: string, ev: string) => {
      const t = adjacency[from]!.transitions[ev]!;
      return serialize(t.state, t.event, adjacency[from]!.state);
    };
    const uncovered = new Set<string>();
    for (const from of keys) for (const ev of enabledEvents(adjacency, from)) uncovered.add(edgeId(from, ev));

    /** Breadth-first: the shortest list of edges from `start` ending with an uncovered edge. */
    const nearestUncovered = (start: string): [string, string][] | null => {
      const prev = new Map<string, [string, string] | null>([[start, null]]);
      const queue = [start];
      while (queue.length) {
        const at = queue.shift()!;
        for (const ev of enabledEvents(adjacency, at)) {
          if (uncovered.has(edgeId(at, ev))) {
            const route: [string, string][] = [[at, ev]];
            for (let p = prev.get(at); p; p = prev.get(p[0])) route.unshift(p);
            return route;
          }
          const next = targetOf(at, ev);
          if (!prev.has(next) && adjacency[next]) {
            prev.set(next, [at, ev]);
            queue.push(next);
          }
        }
      }
      return null;
    };

    const paths: StatePath<TSnapshot, TEvent>[] = [];
    while (uncovered.size) {
      const initial = adjacency[initialKey]!.state;
      const steps: StatePath<TSnapshot, TEvent>['steps'] = [
        { state: initial, event: { type: 'xstate.init' } as TEvent },
      ];
      let at = initialKey;
      for (;;) {
        const route = nearestUncovered(at);
        if (!route) break;
        if (steps.length > 1 && steps.length - 1 + route.length > maxSteps) break;
        for (const [from, ev] of route) {
          const t = adjacency[from]!.transitions[ev]!;
          uncovered.delete(edgeId(from, ev));
          steps.push({ state: t.state, event: t.event });
          at = targetOf(from, ev);
        }
      }
      if (steps.length === 1) break; // nothing reachable is left uncovered
      const last = steps[steps.length - 1]!;
      paths.push({ state: last.state, steps, weight: steps.length - 1 });
    }
    void serializeEvent;
    return paths;
  };
}

/** Paths covering every transition of `model` (prefix paths are dropped by getPaths). */
export function coveringPaths<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  model: TestModel<TSnapshot, TEvent, unknown>,
  opts: { maxSteps?: number } = {},
) {
  return model.getPaths(transitionCover<TSnapshot, TEvent, unknown>(opts));
}

/** The distinct states and transitions of the model graph, and which the paths visit. */
export function modelCoverage<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  model: TestModel<TSnapshot, TEvent, unknown>,
  paths: StatePath<TSnapshot, TEvent>[],
) {
  const adjacency = model.getAdjacencyMap() as unknown as Adjacency;
  const serialize = model.options.serializeState!;
  const serializeEvent = model.options.serializeEvent!;
  const states = new Set(Object.keys(adjacency));
  const edges = new Set<string>();
  for (const from of Object.keys(adjacency))
    for (const ev of enabledEvents(adjacency, from)) edges.add(`${from} ⟶ ${ev}`);
  const seenStates = new Set<string>();
  const seenEdges = new Set<string>();
  for (const p of paths) {
    let prev: TSnapshot | undefined;
    let prevKey: string | undefined;
    for (const [i, step] of p.steps.entries()) {
      const key = serialize(step.state, i === 0 ? undefined : step.event, prev);
      seenStates.add(key);
      if (prevKey !== undefined) seenEdges.add(`${prevKey} ⟶ ${serializeEvent(step.event)}`);
      prev = step.state;
      prevKey = key;
    }
  }
  return {
    states: states.size,
    transitions: edges.size,
    missingStates: [...states].filter((s) => !seenStates.has(s)),
    missingTransitions: [...edges].filter((e) => !seenEdges.has(e)),
  };
}
