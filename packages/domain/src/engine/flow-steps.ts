import type { RunEvent } from './types';

/** A learner's step as the flow view counts it: the test run, or the diagnoses confirmed together. */
export type FlowStep = { readonly kind: 'action' | 'conclusion'; readonly items: readonly string[] };

/**
 * How one step adds to the learners' flow: each of its items once (the engine refuses an item
 * twice in a run, so this counts learners), and an edge from each item of the step before
 * (source '' for a run's first step) to each of its own.
 */
export type FlowCount = {
  readonly kind: 'action' | 'conclusion' | 'edge';
  readonly source: string;
  readonly target: string;
  readonly count: number;
};

type StepEvent = Pick<RunEvent, 'type'> & { readonly actionId?: string; readonly conclusionIds?: readonly string[] };

/** The step an event of the audit trail is, or null for hints, ends and stops. */
export const flowStepOf = (event: StepEvent): FlowStep | null => {
  if (event.type === 'runAction' && event.actionId !== undefined) return { kind: 'action', items: [event.actionId] };
  if (event.type === 'confirmConclusions' && event.conclusionIds !== undefined) return { kind: 'conclusion', items: event.conclusionIds };
  return null;
};

export const stepCounts = (previous: FlowStep | null, step: FlowStep): FlowCount[] => [
  ...step.items.map((target) => ({ kind: step.kind, source: '', target, count: 1 })),
  ...(previous?.items ?? ['']).flatMap((source) => step.items.map((target) => ({ kind: 'edge' as const, source, target, count: 1 }))),
];

/** One key per counted row; writers update rows in its order so that concurrent steps never deadlock. */
const flowCountKey = (count: Pick<FlowCount, 'kind' | 'source' | 'target'>) => `${count.kind}\u0000${count.source}\u0000${count.target}`;

/** Counts summed per kind, source and target, in key order. */
export const sumFlowCounts = (counts: readonly FlowCount[]): FlowCount[] => {
  const totals = new Map<string, FlowCount>();
  for (const count of counts) {
    const key = flowCountKey(count);
    totals.set(key, { ...count, count: (totals.get(key)?.count ?? 0) + count.count });
  }
  return [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, count]) => count);
};

/** Everything a whole run added to the flow. */
export const runCounts = (events: readonly StepEvent[]): FlowCount[] => {
  const counts: FlowCount[] = [];
  let previous: FlowStep | null = null;
  for (const event of events) {
    const step = flowStepOf(event);
    if (!step) continue;
    counts.push(...stepCounts(previous, step));
    previous = step;
  }
  return sumFlowCounts(counts);
};
