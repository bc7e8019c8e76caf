import type { MeasureCondition } from '../scenario/schema';
import type { TextSet } from '../scenario/text-set';
import { blockedBecause, closedStageReason, type Situation } from './availability';
import { failedCondition } from './measures';
import { situationAt, startRun } from './run';
import { hasRequirementIds, type Requirements } from './requirements';
import type { IndexedAction, IndexedConclusion, ScenarioIndex } from './scenario-index';
import { takePrecedingState } from './succession';
import type { ActionView, ConclusionView, RunState } from './types';

/**
 * Which actions and conclusions a view lists, for scenarios of thousands of items on every event
 * (see bench/RESULTS.md, Engine). The rule is the one of `isAvailable` (DESIGN 4), compiled once
 * per scenario to positions in the scenario's lists, so that an item is judged with a few array
 * reads; the reasons shown for items that cannot be done come from `blockedBecause`, the rule as
 * written.
 *
 * A state's listing is kept while the state lives (about 15 bytes per item of the scenario), and
 * the listing of the state that follows it starts from it: only the items the event can have
 * changed are judged again (the item done, those that name it in their requirements, those of a
 * stage it unlocked, those whose measure condition a moving measure crossed, the always-shown ones
 * of closed stages when the word for a stage changed). A state with no earlier listing starts from
 * the listing of a run at its start. What a view lists never depends on what was viewed before;
 * the property tests hold the listing to the rule as written, item by item.
 */

/** A requirement set by positions of the items it names; ids the scenario lacks are left out. */
type PositionSet = {
  readonly all: readonly number[];
  readonly any: readonly number[];
  /** the set named ids in `any`, so one of them must be done */
  readonly anyAsked: boolean;
  readonly none: readonly number[];
};

type Entry<V, K> = {
  readonly kind: K;
  /** its position in the scenario's list of its kind */
  readonly position: number;
  readonly item: IndexedAction | IndexedConclusion;
  /** its stage's position among the scenario's stages; -1 when it has none, `stages.size` when the scenario lacks it (never open) */
  readonly stage: number;
  /** false when a required set can never hold: it needs, in `all` or only in `any`, an id the scenario lacks */
  readonly possible: boolean;
  /** available whenever its stage is open: it asks for nothing else */
  readonly plain: boolean;
  readonly alwaysShown: boolean;
  readonly actions: PositionSet | null;
  readonly conclusions: PositionSet | null;
  /** measure conditions on measures the scenario has (the others are ignored) */
  readonly conditions: readonly MeasureCondition[];
  readonly available: V;
  readonly done: V;
  /** a done conclusion whose feedback the mode shows; the same as `done` for an action */
  readonly doneWithFeedback: V;
  /** the item listed as not available, by reason, made once for each reason given */
  readonly unavailable: Map<string, V>;
};
type ActionEntry = Entry<ActionView, 'action'>;
type ConclusionEntry = Entry<ConclusionView, 'conclusion'>;
type AnyEntry = ActionEntry | ConclusionEntry;

/** For each position of a kind of item, whether the run has done it: run, confirmed, unlocked. */
type Flags = { readonly ran: Uint8Array; readonly confirmed: Uint8Array; readonly open: Uint8Array };

/**
 * The view of each item of a kind by position, null when it is not listed; and the listed views of
 * each block of positions, kept until a view in the block changes, so that the listed views of a
 * scenario of thousands of items are put together from a few blocks made again and many kept;
 * and the whole list as last put together, kept until any view changes, so that a step that lists
 * no item differently (most, for conclusions) makes no new list.
 */
type Column<V> = { readonly views: (V | null)[]; readonly blocks: (readonly V[] | null)[]; listed: readonly V[] | null };

const blockSize = 16;

const emptyColumn = <V>(length: number): Column<V> => ({
  views: new Array<V | null>(length).fill(null),
  blocks: new Array<readonly V[] | null>(Math.ceil(length / blockSize)).fill(null),
  listed: null,
});
const copyOf = <V>(column: Column<V>): Column<V> => ({ views: column.views.slice(), blocks: column.blocks.slice(), listed: column.listed });

/** What a listing was judged on, and what it lists. */
type Listing = {
  readonly ran: readonly string[];
  readonly confirmed: readonly string[];
  readonly unlocked: readonly string[];
  readonly text: TextSet;
  readonly values: Readonly<Record<string, number>>;
  readonly ended: boolean;
  readonly conclusionFeedback: boolean;
  readonly flags: Flags;
  readonly actions: Column<ActionView>;
  readonly conclusions: Column<ConclusionView>;
};

type Plan = {
  readonly actions: readonly ActionEntry[];
  readonly conclusions: readonly ConclusionEntry[];
  /** positions by id in the scenario's lists of actions, conclusions and stages */
  readonly positions: {
    readonly actions: ReadonlyMap<string, number>;
    readonly conclusions: ReadonlyMap<string, number>;
    readonly stages: ReadonlyMap<string, number>;
  };
  /** the entries to judge again once an action is run, a conclusion confirmed or a stage unlocked, by its id */
  readonly after: {
    readonly action: ReadonlyMap<string, readonly AnyEntry[]>;
    readonly conclusion: ReadonlyMap<string, readonly AnyEntry[]>;
    readonly stage: ReadonlyMap<string, readonly AnyEntry[]>;
  };
  /**
   * By measure, the bounds of the conditions on it, in order, and the entry of each: a measure that
   * moves from a to b can change the outcome only of conditions whose bound lies between a and b.
   */
  readonly bounds: ReadonlyMap<string, { readonly values: readonly number[]; readonly entries: readonly AnyEntry[] }>;
  /** the entries to judge again when the wording changes */
  readonly alwaysShown: readonly AnyEntry[];
  readonly listings: WeakMap<RunState, Listing>;
  /** the listing of a run at its start, the same for every run: where a view with no earlier listing starts */
  start: Listing | null;
};

const positionsOf = (ids: Iterable<string>): Map<string, number> => new Map([...ids].map((id, position) => [id, position]));

const compileSet = (set: Requirements, positions: ReadonlyMap<string, number>): PositionSet | null | 'never' => {
  if (!hasRequirementIds(set)) return null;
  const known = (ids: readonly string[]) => ids.flatMap((id) => positions.get(id) ?? []);
  const any = known(set.any);
  if (set.all.some((id) => !positions.has(id)) || (set.any.length > 0 && any.length === 0)) return 'never';
  return { all: known(set.all), any, anyAsked: set.any.length > 0, none: known(set.none) };
};

// Frozen: shared by every view of every run of the scenario, so no caller can change one for all.
const shared = Object.freeze;

const feedbackText = (feedback: string): string | null => (feedback === '' ? null : feedback);

const boundsOf = (entries: readonly AnyEntry[]): Plan['bounds'] => {
  const byMeasure = new Map<string, { value: number; entry: AnyEntry }[]>();
  for (const entry of entries) {
    for (const condition of entry.conditions) {
      const bounds = byMeasure.get(condition.measureId) ?? [];
      bounds.push({ value: condition.value, entry });
      byMeasure.set(condition.measureId, bounds);
    }
  }
  return new Map(
    [...byMeasure].map(([measureId, bounds]) => {
      const sorted = bounds.toSorted((a, b) => a.value - b.value);
      return [measureId, { values: sorted.map((bound) => bound.value), entries: sorted.map((bound) => bound.entry) }];
    }),
  );
};

/** The first place in ascending `values` holding `value` or more. */
const firstAtLeast = (values: readonly number[], value: number): number => {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((values[middle] ?? Infinity) < value) low = middle + 1;
    else high = middle;
  }
  return low;
};

const compile = (index: ScenarioIndex): Plan => {
  const positions = {
    actions: positionsOf(index.actions.keys()),
    conclusions: positionsOf(index.conclusions.keys()),
    stages: positionsOf(index.stages.keys()),
  };
  // Every entry is made by this one literal, so that all share one shape and the listing reads them quickly.
  const entry = <V extends ActionView, K>(
    kind: K,
    position: number,
    item: IndexedAction | IndexedConclusion,
    views: { readonly available: V; readonly done: V; readonly doneWithFeedback: V },
  ): Entry<V, K> => {
    const actions = compileSet(item.requiredActions, positions.actions);
    const conclusions = compileSet(item.requiredConclusions, positions.conclusions);
    const stages = positions.stages;
    const conditions =
      'measureConditions' in item ? item.measureConditions.filter((condition) => index.measures.has(condition.measureId)) : [];
    return {
      kind,
      position,
      item,
      stage: item.stage === null ? -1 : (stages.get(item.stage) ?? stages.size),
      possible: actions !== 'never' && conclusions !== 'never',
      plain: actions === null && conclusions === null && conditions.length === 0,
      alwaysShown: item.isAlwaysShown,
      actions: actions === 'never' ? null : actions,
      conclusions: conclusions === 'never' ? null : conclusions,
      conditions,
      available: views.available,
      done: views.done,
      doneWithFeedback: views.doneWithFeedback,
      unavailable: new Map(),
    };
  };
  const actionView = (item: IndexedAction | IndexedConclusion): ActionView =>
    shared({ id: item.id, name: item.name, stage: item.stage, availability: 'available', reason: null });
  const actions = [...index.actions.values()].map((action, position) => {
    const available = actionView(action);
    const done = shared({ ...available, availability: 'done' as const });
    return entry('action' as const, position, action, { available, done, doneWithFeedback: done });
  });
  const conclusions = [...index.conclusions.values()].map((conclusion, position) => {
    const available: ConclusionView = shared({ ...actionView(conclusion), feedback: null });
    const done = shared({ ...available, availability: 'done' as const });
    const doneWithFeedback = shared({ ...done, feedback: feedbackText(conclusion.feedback) });
    return entry('conclusion' as const, position, conclusion, { available, done, doneWithFeedback });
  });
  const all: AnyEntry[] = [...actions, ...conclusions];
  const after = { action: new Map<string, AnyEntry[]>(), conclusion: new Map<string, AnyEntry[]>(), stage: new Map<string, AnyEntry[]>() };
  const add = (map: Map<string, AnyEntry[]>, id: string, item: AnyEntry) => {
    const entries = map.get(id) ?? [];
    if (entries.at(-1) !== item) entries.push(item);
    map.set(id, entries);
  };
  for (const item of all) {
    add(item.kind === 'action' ? after.action : after.conclusion, item.item.id, item);
    for (const id of [...item.item.requiredActions.all, ...item.item.requiredActions.any, ...item.item.requiredActions.none]) {
      add(after.action, id, item);
    }
    for (const id of [...item.item.requiredConclusions.all, ...item.item.requiredConclusions.any, ...item.item.requiredConclusions.none]) {
      add(after.conclusion, id, item);
    }
    if (item.item.stage !== null) add(after.stage, item.item.stage, item);
  }
  return {
    actions,
    conclusions,
    positions,
    after,
    bounds: boundsOf(all),
    alwaysShown: all.filter((item) => item.alwaysShown),
    listings: new WeakMap(),
    start: null,
  };
};

const plans = new WeakMap<ScenarioIndex, Plan>();
const planOf = (index: ScenarioIndex): Plan => {
  let plan = plans.get(index);
  if (!plan) {
    plan = compile(index);
    plans.set(index, plan);
  }
  return plan;
};

/** Marks the positions of the ids; the flags have one slot more than positions, the never-open slot of stages the scenario lacks. */
const mark = (flags: Uint8Array, positions: ReadonlyMap<string, number>, ids: readonly string[]): Uint8Array => {
  for (const id of ids) {
    const position = positions.get(id);
    if (position !== undefined) flags[position] = 1;
  }
  return flags;
};

const flagsOf = (plan: Plan, basis: Basis): Flags => ({
  ran: mark(new Uint8Array(plan.positions.actions.size + 1), plan.positions.actions, basis.ran),
  confirmed: mark(new Uint8Array(plan.positions.conclusions.size + 1), plan.positions.conclusions, basis.confirmed),
  open: mark(new Uint8Array(plan.positions.stages.size + 1), plan.positions.stages, basis.unlocked),
});

const holds = (set: PositionSet | null, done: Uint8Array): boolean => {
  if (set === null) return true;
  for (const position of set.all) if (done[position] !== 1) return false;
  for (const position of set.none) if (done[position] === 1) return false;
  if (!set.anyAsked) return true;
  for (const position of set.any) if (done[position] === 1) return true;
  return false;
};

/** How things stand for the items of one view. */
type Judging = {
  readonly index: ScenarioIndex;
  readonly situation: Situation;
  readonly ran: Uint8Array;
  readonly confirmed: Uint8Array;
  readonly open: Uint8Array;
  readonly ended: boolean;
  readonly conclusionFeedback: boolean;
};

/** Whether an item of an open stage (or of none) is available: the rest of the rule of `isAvailable`. */
const asksHold = (entry: Entry<unknown, unknown>, judging: Judging): boolean =>
  entry.plain ||
  (entry.possible &&
    holds(entry.actions, judging.ran) &&
    holds(entry.conclusions, judging.confirmed) &&
    (entry.conditions.length === 0 || failedCondition(entry.conditions, judging.situation.values) === undefined));

const unavailableView = <V extends ActionView>(entry: Entry<V, unknown>, reason: string): V => {
  let view = entry.unavailable.get(reason);
  if (!view) {
    view = shared({ ...entry.available, availability: 'unavailable' as const, reason });
    entry.unavailable.set(reason, view);
  }
  return view;
};

/**
 * How an item is listed: done; available (once the run has ended, not at all: nothing is offered
 * any more, and the end's push to thousands of learners stays small); isAlwaysShown and not
 * available, with the reason; or not at all (null).
 */
const judge = <V extends ActionView>(entry: Entry<V, unknown>, done: boolean, doneView: V, judging: Judging): V | null => {
  if (done) return doneView;
  if (entry.stage < 0 || judging.open[entry.stage] === 1) {
    if (asksHold(entry, judging)) return judging.ended ? null : entry.available;
    if (!entry.alwaysShown) return null;
    // the rule as written gives the reason, and has the last word
    const reason = blockedBecause(judging.index, entry.item, judging.situation);
    return reason === null ? entry.available : unavailableView(entry, reason);
  }
  return entry.alwaysShown && entry.item.stage !== null
    ? unavailableView(entry, closedStageReason(judging.index, judging.situation.text, entry.item.stage))
    : null;
};

const judgeAction = (entry: ActionEntry, judging: Judging): ActionView | null =>
  judge(entry, judging.ran[entry.position] === 1, entry.done, judging);
const judgeConclusion = (entry: ConclusionEntry, judging: Judging): ConclusionView | null =>
  judge(entry, judging.confirmed[entry.position] === 1, judging.conclusionFeedback ? entry.doneWithFeedback : entry.done, judging);

/** The ids added to a run's list since `before`, or null when the list is not `before` with ids added. */
const addedSince = (before: readonly string[], after: readonly string[]): readonly string[] | null => {
  if (before === after) return [];
  if (after.length < before.length) return null;
  for (let position = 0; position < before.length; position += 1) if (before[position] !== after[position]) return null;
  return after.slice(before.length);
};

const sameValues = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean => {
  for (const id in a) if (a[id] !== b[id]) return false;
  return true;
};

type Basis = Omit<Listing, 'flags' | 'actions' | 'conclusions'>;

const place = <V>(column: Column<V>, position: number, view: V | null): void => {
  if (column.views[position] === view) return;
  column.views[position] = view;
  column.blocks[Math.floor(position / blockSize)] = null;
  column.listed = null;
};

const judgingOf = (index: ScenarioIndex, situation: Situation, basis: Basis, flags: Flags): Judging => ({
  index,
  situation,
  ran: flags.ran,
  confirmed: flags.confirmed,
  open: flags.open,
  ended: basis.ended,
  conclusionFeedback: basis.conclusionFeedback,
});

// Every listing is made by this one literal rather than by spreading another: listings of many
// shapes made every read of one slow.
const listingOf = (basis: Basis, flags: Flags, actions: Column<ActionView>, conclusions: Column<ConclusionView>): Listing => ({
  ran: basis.ran,
  confirmed: basis.confirmed,
  unlocked: basis.unlocked,
  text: basis.text,
  values: basis.values,
  ended: basis.ended,
  conclusionFeedback: basis.conclusionFeedback,
  flags,
  actions,
  conclusions,
});

const judgeAll = (plan: Plan, basis: Basis, index: ScenarioIndex, situation: Situation): Listing => {
  const flags = flagsOf(plan, basis);
  const judging = judgingOf(index, situation, basis, flags);
  const actions = emptyColumn<ActionView>(plan.actions.length);
  const conclusions = emptyColumn<ConclusionView>(plan.conclusions.length);
  for (const entry of plan.actions) place(actions, entry.position, judgeAction(entry, judging));
  for (const entry of plan.conclusions) place(conclusions, entry.position, judgeConclusion(entry, judging));
  return listingOf(basis, flags, actions, conclusions);
};

/**
 * The listing judged again from an earlier one of the same run, for what changed since; null when
 * it cannot be. The earlier listing's flags and views by position are taken over and changed in
 * place: copying them for every event cost more than judging the items again (see listItems for
 * who gives them up).
 */
const judgeSince = (plan: Plan, from: Listing, basis: Basis, index: ScenarioIndex, situation: Situation): Listing | null => {
  const ran = addedSince(from.ran, basis.ran);
  const confirmed = addedSince(from.confirmed, basis.confirmed);
  const unlocked = addedSince(from.unlocked, basis.unlocked);
  if (ran === null || confirmed === null || unlocked === null || (from.ended && !basis.ended)) return null;
  const ending = !from.ended && basis.ended;
  const refeedback = from.conclusionFeedback !== basis.conclusionFeedback;
  const valuesMoved = !sameValues(from.values, basis.values);
  // Of the wording, a listing shows only the word for a stage, in the reason of items of closed stages.
  const reworded = from.text.stage !== basis.text.stage;
  if (ran.length === 0 && confirmed.length === 0 && unlocked.length === 0 && !ending && !refeedback && !valuesMoved && !reworded) {
    return listingOf(basis, from.flags, from.actions, from.conclusions);
  }
  const { flags, actions, conclusions } = from;
  mark(flags.ran, plan.positions.actions, ran);
  mark(flags.confirmed, plan.positions.conclusions, confirmed);
  mark(flags.open, plan.positions.stages, unlocked);
  const judging = judgingOf(index, situation, basis, flags);
  // The end changes how items listed are shown, nothing else: available ones are no longer listed,
  // and the mode may show the feedback of conclusions from then on.
  if (ending || refeedback) {
    const ended = <V extends ActionView>(column: Column<V>, entry: Entry<V, unknown>) => {
      const view = column.views[entry.position];
      if (ending && view === entry.available) place(column, entry.position, null);
      else if (view === entry.done || view === entry.doneWithFeedback) {
        place(column, entry.position, basis.conclusionFeedback ? entry.doneWithFeedback : entry.done);
      }
    };
    for (const entry of plan.actions) ended(actions, entry);
    for (const entry of plan.conclusions) ended(conclusions, entry);
  }
  const judgeAgain = (entry: AnyEntry) => {
    if (entry.kind === 'action') place(actions, entry.position, judgeAction(entry, judging));
    else place(conclusions, entry.position, judgeConclusion(entry, judging));
  };
  const again = (entries: readonly AnyEntry[] | undefined) => entries?.forEach(judgeAgain);
  for (const id of ran) again(plan.after.action.get(id));
  for (const id of confirmed) again(plan.after.conclusion.get(id));
  for (const id of unlocked) again(plan.after.stage.get(id));
  if (valuesMoved) {
    for (const [measureId, { values, entries }] of plan.bounds) {
      const before = from.values[measureId];
      const after = basis.values[measureId];
      if (before === after || before === undefined || after === undefined) continue;
      const highest = Math.max(before, after);
      for (let at = firstAtLeast(values, Math.min(before, after)); at < values.length && (values[at] ?? Infinity) <= highest; at += 1) {
        const entry = entries[at];
        if (entry) judgeAgain(entry);
      }
    }
  }
  if (reworded) again(plan.alwaysShown);
  return listingOf(basis, flags, actions, conclusions);
};

const compact = <V>(column: Column<V>): readonly V[] => {
  if (column.listed !== null) return column.listed;
  const { views, blocks } = column;
  for (const [block, listed] of blocks.entries()) {
    if (listed !== null) continue;
    const made: V[] = [];
    for (let position = block * blockSize; position < Math.min(views.length, (block + 1) * blockSize); position += 1) {
      const view = views[position];
      if (view !== undefined && view !== null) made.push(view);
    }
    blocks[block] = made;
  }
  column.listed = shared(new Array<V>().concat(...(blocks as (readonly V[])[])));
  return column.listed;
};

const basisOf = (run: RunState, situation: Situation, conclusionFeedback: boolean): Basis => ({
  ran: run.ran,
  confirmed: run.confirmed,
  unlocked: run.unlocked,
  text: situation.text,
  values: situation.values,
  ended: run.ended !== null,
  conclusionFeedback,
});

/** A copy of the listing of a run at its start, to be judged again for a run that has no listing of its own yet. */
const fromStart = (index: ScenarioIndex, plan: Plan, conclusionFeedback: boolean): Listing => {
  if (plan.start === null) {
    const run = startRun(index.content, 0);
    const situation = situationAt(index, run, 0);
    plan.start = judgeAll(plan, basisOf(run, situation, conclusionFeedback), index, situation);
  }
  const { start } = plan;
  const flags = { ran: start.flags.ran.slice(), confirmed: start.flags.confirmed.slice(), open: start.flags.open.slice() };
  return listingOf(start, flags, copyOf(start.actions), copyOf(start.conclusions));
};

/**
 * The items a view of `state` lists, in the scenario's order: done ones, available ones (none once
 * the run has ended), and isAlwaysShown ones that are not available,
 * with the reason. `run` is the state settled at the moment of the view. A done conclusion carries
 * its feedback when `conclusionFeedback` says the mode shows it.
 */
export const listItems = (
  index: ScenarioIndex,
  state: RunState,
  run: RunState,
  situation: Situation,
  conclusionFeedback: boolean,
): { readonly actions: readonly ActionView[]; readonly conclusions: readonly ConclusionView[] } => {
  const plan = planOf(index);
  const basis = basisOf(run, situation, conclusionFeedback);
  const own = plan.listings.get(state);
  const preceding = takePrecedingState(state);
  const earlier = own ?? (preceding === undefined ? undefined : plan.listings.get(preceding));
  const listing =
    (earlier && judgeSince(plan, earlier, basis, index, situation)) ??
    judgeSince(plan, fromStart(index, plan, conclusionFeedback), basis, index, situation) ??
    judgeAll(plan, basis, index, situation);
  // The state before gives its listing up to this one; a later view of it starts again.
  if (own === undefined && preceding !== undefined) plan.listings.delete(preceding);
  plan.listings.set(state, listing);
  return { actions: compact(listing.actions), conclusions: compact(listing.conclusions) };
};
