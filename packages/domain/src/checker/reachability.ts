import type { Requirements } from '../engine/requirements';
import { indexScenario, type IndexedAction, type IndexedConclusion, type IndexedStage, type ScenarioIndex } from '../engine/scenario-index';
import type { ReadonlyContent } from '../scenario/readonly-content';

/**
 * What a run could ever do: the actions it could run, the conclusions it could confirm, the
 * stages that could open. An over-approximation of the engine's rules (DESIGN 4): `none` sets and
 * measure conditions are ignored, since they only ever hold an item back for a while or in some
 * runs, so what is left out here no run can ever reach.
 */
export type Reachable = {
  readonly actions: ReadonlySet<string>;
  readonly conclusions: ReadonlySet<string>;
  readonly stages: ReadonlySet<string>;
};

type Kind = 'action' | 'conclusion' | 'stage';
type Node = { readonly kind: Kind; readonly id: string };

/** The id a set asks to be both done and not done (in `all` and `none`), or its whole `any` list forbidden by `none`. */
const contradiction = (set: Requirements): string | null => {
  const forbidden = new Set(set.none);
  const both = set.all.find((id) => forbidden.has(id));
  if (both !== undefined) return both;
  return set.any.length > 0 && set.any.every((id) => forbidden.has(id)) ? (set.any[0] ?? null) : null;
};

/**
 * A requirement set read without what its `none` list forbids in some runs only: every `all` id
 * done, and one of `any` when it lists some; a set that contradicts itself never holds.
 */
const mayHold = (set: Requirements, done: ReadonlySet<string>): boolean =>
  set.all.every((id) => done.has(id)) && (set.any.length === 0 || set.any.some((id) => done.has(id))) && contradiction(set) === null;

const asksForSomething = (stage: IndexedStage): boolean =>
  [stage.requiredStages, stage.requiredActions, stage.requiredConclusions].some(
    (set) => set.all.length > 0 || set.any.length > 0 || set.none.length > 0,
  );

/**
 * A fixed point over what can become done, each item looked at again only when something it
 * waits on becomes done, so that long chains of a large scenario cost no more than its references.
 */
export const reachableItems = (content: ReadonlyContent): Reachable => {
  const index = indexScenario(content);
  const ran = new Set<string>();
  const confirmed = new Set<string>();
  const open = new Set<string>();
  const doneOf: Record<Kind, Set<string>> = { action: ran, conclusion: confirmed, stage: open };
  const waiting = new Map<string, Node[]>();
  const waitOn = (kind: Kind, id: string, node: Node) => {
    const key = `${kind}:${id}`;
    const list = waiting.get(key);
    if (list) list.push(node);
    else waiting.set(key, [node]);
  };
  const waitOnSet = (kind: Kind, set: Requirements, node: Node) => {
    for (const id of set.all) waitOn(kind, id, node);
    for (const id of set.any) waitOn(kind, id, node);
  };

  const itemMay = (item: IndexedAction | IndexedConclusion) =>
    (item.stage === null || open.has(item.stage)) && mayHold(item.requiredActions, ran) && mayHold(item.requiredConclusions, confirmed);
  const stageMay = (stage: IndexedStage) =>
    stage.id === index.defaultStageId ||
    index.openFromStart.has(stage.id) ||
    (asksForSomething(stage) &&
      mayHold(stage.requiredStages, open) &&
      mayHold(stage.requiredActions, ran) &&
      mayHold(stage.requiredConclusions, confirmed)) ||
    stage.activators.some((activator) => ran.has(activator.id) || open.has(activator.id)) ||
    (index.openedByActions.get(stage.id)?.some((id) => ran.has(id)) ?? false);

  const queue: Node[] = [];
  for (const [kind, items] of [
    ['action', index.actions],
    ['conclusion', index.conclusions],
  ] as const) {
    for (const item of items.values()) {
      const node = { kind, id: item.id };
      if (item.stage !== null) waitOn('stage', item.stage, node);
      waitOnSet('action', item.requiredActions, node);
      waitOnSet('conclusion', item.requiredConclusions, node);
      queue.push(node);
    }
  }
  for (const stage of index.stages.values()) {
    const node: Node = { kind: 'stage', id: stage.id };
    waitOnSet('stage', stage.requiredStages, node);
    waitOnSet('action', stage.requiredActions, node);
    waitOnSet('conclusion', stage.requiredConclusions, node);
    for (const activator of stage.activators) {
      waitOn('action', activator.id, node);
      waitOn('stage', activator.id, node);
    }
    for (const id of index.openedByActions.get(stage.id) ?? []) waitOn('action', id, node);
    queue.push(node);
  }

  while (queue.length > 0) {
    const node = queue.pop()!;
    const done = doneOf[node.kind];
    if (done.has(node.id)) continue;
    const may =
      node.kind === 'stage'
        ? stageMay(index.stages.get(node.id)!)
        : itemMay((node.kind === 'action' ? index.actions : index.conclusions).get(node.id)!);
    if (!may) continue;
    done.add(node.id);
    for (const next of waiting.get(`${node.kind}:${node.id}`) ?? []) if (!doneOf[next.kind].has(next.id)) queue.push(next);
  }
  return { actions: ran, conclusions: confirmed, stages: open };
};

const nouns: Record<Kind, { readonly noun: string; readonly verb: string }> = {
  action: { noun: 'action', verb: 'be run' },
  conclusion: { noun: 'conclusion', verb: 'be confirmed' },
  stage: { noun: 'stage', verb: 'open' },
};

const quoted = (name: string) => `“${name}”`;

/** Why an item can never become done, in the author's names, following what it waits on a few items deep. */
export const neverReason = (index: ScenarioIndex, reachable: Reachable, kind: Kind, id: string): string => {
  const lists = {
    action: { items: index.actions, done: reachable.actions },
    conclusion: { items: index.conclusions, done: reachable.conclusions },
    stage: { items: index.stages, done: reachable.stages },
  } as const;
  const name = (of: Kind, itemId: string) => quoted(lists[of].items.get(itemId)?.name || itemId);
  const exists = (of: Kind, itemId: string) => lists[of].items.has(itemId);

  /** The first unmet part of a set, and the item to follow when it is one. */
  const unmet = (of: Kind, set: Requirements): { text: string; next: Node | null } | null => {
    const both = contradiction(set);
    if (both !== null) return { text: `it asks for ${name(of, both)} both done and not done`, next: null };
    const missing = set.all.find((itemId) => !lists[of].done.has(itemId));
    if (missing !== undefined) {
      return exists(of, missing)
        ? { text: `it needs ${name(of, missing)}`, next: { kind: of, id: missing } }
        : { text: `it needs the ${nouns[of].noun} “${missing}”, which no longer exists`, next: null };
    }
    if (set.any.length > 0 && !set.any.some((itemId) => lists[of].done.has(itemId))) {
      return {
        text: `it needs one of ${set.any.map((itemId) => name(of, itemId)).join(', ')}, none of which can ever be done`,
        next: null,
      };
    }
    return null;
  };

  const cause = (node: Node): { text: string; next: Node | null } => {
    if (node.kind === 'stage') {
      const stage = index.stages.get(node.id)!;
      const opener = stage.activators.length > 0 || index.openedByActions.has(stage.id);
      const fromSets = asksForSomething(stage)
        ? (unmet('stage', stage.requiredStages) ?? unmet('action', stage.requiredActions) ?? unmet('conclusion', stage.requiredConclusions))
        : null;
      if (fromSets && !opener) return fromSets;
      return { text: 'nothing that opens it can ever happen', next: null };
    }
    const item = (node.kind === 'action' ? index.actions : index.conclusions).get(node.id)!;
    if (item.stage !== null && !reachable.stages.has(item.stage)) {
      return exists('stage', item.stage)
        ? { text: `its stage ${name('stage', item.stage)} never opens`, next: { kind: 'stage', id: item.stage } }
        : { text: `its stage “${item.stage}” no longer exists`, next: null };
    }
    return (
      unmet('action', item.requiredActions) ??
      unmet('conclusion', item.requiredConclusions) ?? { text: 'nothing it waits for can ever happen', next: null }
    );
  };

  const seen = new Set([`${kind}:${id}`]);
  let { text, next } = cause({ kind, id });
  for (let depth = 0; next !== null && depth < 3; depth += 1) {
    const key = `${next.kind}:${next.id}`;
    if (seen.has(key)) return `${text} (they wait on each other)`;
    seen.add(key);
    const further = cause(next);
    text = `${text}, which can never ${nouns[next.kind].verb} either: ${further.text}`;
    next = further.next;
  }
  return text;
};

/** "The action “Ferritin” can never be run", in the words of the kind of item. */
export const neverSubject = (index: ScenarioIndex, kind: Kind, id: string): string => {
  const items = kind === 'action' ? index.actions : kind === 'conclusion' ? index.conclusions : index.stages;
  return `The ${nouns[kind].noun} ${quoted(items.get(id)?.name || id)} can never ${nouns[kind].verb}`;
};
