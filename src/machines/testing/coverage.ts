import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from 'xstate';

/**
 * Which state nodes and transitions of a real machine the model paths made it go through,
 * recorded from the actor's inspection events. A transition is named by its source node, its
 * event and its place among that node's transitions for the event (guarded branches differ).
 */

type AnyNode = AnyStateMachine['root'];

function allNodes(node: AnyNode, out: AnyNode[] = []): AnyNode[] {
  out.push(node);
  for (const child of Object.values(node.states) as AnyNode[]) allNodes(child, out);
  return out;
}

function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source as AnyNode;
  const always = source.always ?? [];
  const i = always.indexOf(t);
  if (i >= 0) return `${source.id} always#${i}`;
  const list = source.transitions.get(t.eventType) ?? [];
  // Delayed and invoke-completion events carry generated ids; keep the readable part.
  const event = t.eventType
    .replace(/^(xstate\.(done|error)\.actor)\..*$/, '$1')
    .replace(/^(xstate\.after\.[^.]+)\..*$/, '$1');
  return `${source.id} ${event}#${list.indexOf(t)}`;
}

/** Every state node id and transition key of `machine`. */
export function machineGraph(machine: AnyStateMachine) {
  const nodes = allNodes(machine.root);
  const transitions: string[] = [];
  for (const n of nodes) {
    for (const list of n.transitions.values()) for (const t of list) transitions.push(transitionKey(t));
    for (const t of n.always ?? []) transitions.push(transitionKey(t));
  }
  return { nodes: nodes.map((n) => n.id), transitions };
}

export function createCoverage(machine: AnyStateMachine) {
  const graph = machineGraph(machine);
  const nodes = new Set<string>();
  const transitions = new Set<string>();
  const visit = (snapshot: unknown) => {
    const s = snapshot as { _nodes?: AnyNode[]; machine?: AnyStateMachine };
    if (s?.machine?.id !== machine.id) return;
    for (const n of s._nodes ?? []) nodes.add(n.id);
  };
  return {
    graph,
    /** Pass as `createActor(machine, { inspect })`. */
    inspect(ev: InspectionEvent) {
      if (ev.type === '@xstate.microstep') {
        visit(ev.snapshot);
        for (const t of ev._transitions) {
          if ((t.source as AnyNode).machine.id === machine.id) transitions.add(transitionKey(t));
        }
      } else if (ev.type === '@xstate.snapshot') visit(ev.snapshot);
    },
    missing() {
      return {
        nodes: graph.nodes.filter((n) => !nodes.has(n)),
        transitions: graph.transitions.filter((t) => !transitions.has(t)),
      };
    },
    summary() {
      return `${nodes.size}/${graph.nodes.length} state nodes, ${transitions.size}/${graph.transitions.length} transitions`;
    },
  };
}
