import type { DeepReadonly, ReadonlyContent } from '../scenario/readonly-content';
import type { Impact, MediaItem, OverviewMedia } from '../scenario/schema';
import { maxConclusionsText, type TextSet } from '../scenario/text-set';
import { listItems } from './listing';
import { failedCondition, settle } from './measures';
import { situationAt } from './run';
import { runIndex } from './time-allowance';
import { type IndexedAction, type IndexedMeasure, type ScenarioIndex } from './scenario-index';
import { currentStage } from './stage-opening';
import type { ActionView, ConclusionView, FactView, MediaSet, MeasureView, RunState, RunView } from './types';

/**
 * DESIGN 4 feedback by mode: Assessed (4) shows it only once the run has ended; Training (2) at
 * once; Realtime (1) and Offline (3) at once for an action marked instantFeedback, otherwise once
 * ended. Conclusions carry no such mark: their feedback comes with the confirmation (DESIGN 4,
 * "confirming applies the impact and feedback") in every mode but Assessed.
 */
const showsActionFeedback = (mode: number, instantFeedback: boolean, ended: boolean): boolean =>
  ended || mode === 2 || (mode !== 4 && instantFeedback);
const showsConclusionFeedback = (mode: number, ended: boolean): boolean => ended || mode !== 4;

const feedbackText = (feedback: string): string | null => (feedback === '' ? null : feedback);

/** The parts of a view that depend on the scenario alone, made once per content and shared by every view. */
type ScenarioParts = {
  readonly baseline: readonly FactView[];
  readonly infos: ReadonlyMap<string, RunView['infos'][number]>;
  readonly stages: ReadonlyMap<string, RunView['stages'][number]>;
  readonly media: (stageId: string | null) => MediaSet;
};

const mediaItem = ({ id, url, description }: DeepReadonly<MediaItem>) => ({ id, url, description });

// Shared by every view of every run of the scenario: frozen, so that no caller can change one for all.
const shared = Object.freeze;

const buildParts = (index: ScenarioIndex): ScenarioParts => {
  const { content } = index;
  const media = new Map<string | null, MediaSet>();
  const shownIn = (stageId: string | null) => (item: DeepReadonly<OverviewMedia>) =>
    item.availableStages.length === 0 || (stageId !== null && item.availableStages.includes(stageId));
  return {
    baseline: content.baseline.map((entry) =>
      shared({
        source: 'baseline',
        id: entry.id,
        name: entry.name,
        text: entry.facts,
        images: entry.factImages,
        videos: entry.factVideos,
        files: entry.factFiles,
        feedback: null,
        at: null,
      }),
    ),
    infos: new Map(
      content.infos.map((info) => [
        info.id,
        shared({ id: info.id, name: info.name, text: info.text, images: info.factImages, videos: info.factVideos, files: info.factFiles }),
      ]),
    ),
    stages: new Map(
      [...index.stages.values()].map((stage) => [
        stage.id,
        shared({ id: stage.id, name: stage.name, isAntibodyPanel: stage.isAntibodyPanel }),
      ]),
    ),
    media: (stageId) => {
      let set = media.get(stageId);
      if (!set) {
        // The overview's media the stage shows, then the stage's own.
        const stage = stageId === null ? undefined : index.stages.get(stageId);
        const of = (overview: readonly DeepReadonly<OverviewMedia>[], own: readonly DeepReadonly<MediaItem>[] = []) =>
          shared([...overview.filter(shownIn(stageId)), ...own].map((item) => shared(mediaItem(item))));
        set = shared({
          images: of(content.descriptionImages, stage?.descriptionImages),
          videos: of(content.descriptionVideos, stage?.descriptionVideos),
          files: of(content.descriptionFiles, stage?.descriptionFiles),
        });
        media.set(stageId, set);
      }
      return set;
    },
  };
};

const partsByIndex = new WeakMap<ScenarioIndex, ScenarioParts>();
const partsOf = (index: ScenarioIndex): ScenarioParts => {
  let parts = partsByIndex.get(index);
  if (!parts) {
    parts = buildParts(index);
    partsByIndex.set(index, parts);
  }
  return parts;
};

const measureView = (measure: IndexedMeasure, value: number): MeasureView => {
  const { limits } = measure;
  const min = limits?.min ?? null;
  const max = limits?.max ?? null;
  // A Warning limit is only passed, never held to; a clamped value shows it has reached its limit.
  const atLimit =
    limits === null
      ? false
      : limits.kind === 3
        ? (min !== null && value < min) || (max !== null && value > max)
        : (min !== null && value <= min) || (max !== null && value >= max);
  return {
    id: measure.id,
    name: measure.name,
    type: measure.type,
    value,
    min,
    max,
    limitKind: limits?.kind ?? null,
    atLimit,
    timeUnit: measure.timeUnit,
  };
};

/**
 * The maximum of conclusions holds for the whole run: once reached, the conclusions still on offer
 * are listed as no longer available, with the maximum as the reason.
 */
const withinMaximum = (conclusions: readonly ConclusionView[], run: RunState, max: number, text: TextSet): readonly ConclusionView[] => {
  if (run.confirmed.length < max) return conclusions;
  const reason = maxConclusionsText(text, max);
  return conclusions.map((conclusion) =>
    conclusion.availability === 'available' ? { ...conclusion, availability: 'unavailable' as const, reason } : conclusion,
  );
};

/** What running each listed action not run yet costs, where it costs something the costs show (`ScenarioIndex.costs`). */
const costsOf = (index: ScenarioIndex, actions: readonly ActionView[]): Record<string, readonly Impact[]> => {
  const costs: Record<string, readonly Impact[]> = {};
  for (const view of actions) {
    const cost = view.availability === 'done' ? undefined : index.costs.get(view.id);
    if (cost) costs[view.id] = cost;
  }
  return costs;
};

/**
 * The scenario's index a list of facts was made with, under a symbol that neither JSON nor a
 * comparison of the list sees: a later view of the same content may take its facts as they are.
 */
const madeWith = Symbol('madeWith');
type Facts = FactView[] & { [madeWith]?: ScenarioIndex };

/** Whether an earlier fact reads the same as the action's fact would now: the same item, moment and feedback. */
const sameFact = (fact: FactView, action: IndexedAction, feedback: string | null, at: number | null): boolean =>
  fact.source === 'action' &&
  fact.id === action.id &&
  fact.at === at &&
  fact.feedback === feedback &&
  fact.name === action.name &&
  fact.text === action.facts &&
  fact.images === action.factImages &&
  fact.videos === action.factVideos &&
  fact.files === action.factFiles;

/** The earlier list when it holds the very same items in the same order, else the new one. */
const sameOrEarlier = <T>(list: readonly T[], earlier: readonly T[] | undefined): readonly T[] =>
  earlier !== undefined && earlier.length === list.length && list.every((item, at) => item === earlier[at]) ? earlier : list;

/** Whether two flat objects hold the same values, field by field. */
const sameFields = <T extends object>(a: T, b: T): boolean => {
  for (const key of Object.keys(b) as (keyof T)[]) if (!Object.is(a[key], b[key])) return false;
  return true;
};

/**
 * DESIGN 4: everything the player shows of a run at `now`, in the wording of the current stage
 * (the last non-panel stage to open). Facts are the baseline, then the actions run in order with
 * their feedback when the mode shows it. Listed are the actions and conclusions available, those
 * done, and those marked isAlwaysShown that are not available, with the reason; once the run has
 * ended nothing is available any more, nor
 * any conclusion once the run has confirmed its maximum. Infos show in open stages (or in none) while their measure
 * conditions hold; the hint is offered while its conditions hold, until taken, in every mode but
 * Assessed; overview media show in the stages they list (all when they list none), then the current
 * stage's own media; the costs of
 * the actions on offer show when the scenario's settings say so. A run that
 * reached an auto-time Terminate limit by `now` shows as ended there.
 *
 * `previous`, a view of the same run made earlier, only saves work: the facts and measures that
 * read the same are its own objects, so that a server keeping what it last sent holds one copy
 * of them and finds them unchanged at a glance. The view is the same with it or without it.
 */
export const runView = (content: ReadonlyContent, state: RunState, now: number, previous?: RunView): RunView => {
  const index = runIndex(content, state);
  const parts = partsOf(index);
  const run = settle(index, state, now);
  const ended = run.ended !== null;
  const situation = situationAt(index, run, now);
  const stage = currentStage(index, run.unlocked);
  const { mode, hint } = content;

  // Made at its full length, not grown by push (which leaves room to spare): a server keeps the
  // facts a learner was sent until their next step.
  const facts: Facts = new Array<FactView>(parts.baseline.length + run.ran.length);
  let factCount = 0;
  for (const fact of parts.baseline) facts[factCount++] = fact;
  const earlierFacts = previous?.facts as Facts | undefined;
  // Facts of the same content read the same while the run has not ended or has not ended since:
  // those of an earlier view are taken as they are for the same action at the same moment.
  const sameReading = earlierFacts?.[madeWith] === index && (previous!.ended !== null) === ended;
  for (let position = 0; position < run.ran.length; position += 1) {
    const actionId = run.ran[position]!;
    const at = run.ranAt[position] ?? null;
    const earlier = earlierFacts?.[factCount];
    if (sameReading && earlier !== undefined && earlier.source === 'action' && earlier.id === actionId && earlier.at === at) {
      facts[factCount++] = earlier;
      continue;
    }
    const action = index.actions.get(actionId);
    if (!action) continue;
    const feedback = showsActionFeedback(mode, action.instantFeedback, ended) ? feedbackText(action.feedback) : null;
    facts[factCount++] =
      earlier && sameFact(earlier, action, feedback, at)
        ? earlier
        : {
            source: 'action',
            id: action.id,
            name: action.name,
            text: action.facts,
            images: action.factImages,
            videos: action.factVideos,
            files: action.factFiles,
            feedback,
            at,
          };
  }
  facts.length = factCount;
  Object.defineProperty(facts, madeWith, { value: index });

  const listed = listItems(index, state, run, situation, showsConclusionFeedback(mode, ended));
  const { actions } = listed;
  const conclusions = ended ? listed.conclusions : withinMaximum(listed.conclusions, run, content.maxConclusions, situation.text);

  const infos: RunView['infos'][number][] = [];
  for (const info of content.infos) {
    const view = parts.infos.get(info.id);
    if (
      view &&
      (info.stage === null || situation.unlocked.has(info.stage)) &&
      failedCondition(info.measureConditions, situation.values) === undefined
    ) {
      infos.push(view);
    }
  }

  const hintOffered =
    hint !== null &&
    hint.text.trim() !== '' &&
    mode !== 4 &&
    !run.hintTaken &&
    !ended &&
    failedCondition(hint.measureConditions, situation.values) === undefined;

  // Open stages in the scenario's order, which its author sets, not in the order they opened.
  const unlocked = new Set(run.unlocked);
  const stages: RunView['stages'][number][] = [];
  for (const [stageId, entry] of parts.stages) if (unlocked.has(stageId)) stages.push(entry);

  const stageShown = stage === null ? null : { id: stage.id, name: stage.name, description: stage.description };
  return {
    text: situation.text,
    stage: stageShown && previous?.stage && sameFields(previous.stage, stageShown) ? previous.stage : stageShown,
    stages: sameOrEarlier(stages, previous?.stages),
    facts: sameOrEarlier(facts, previous?.facts),
    actions: sameOrEarlier(actions, previous?.actions),
    conclusions: sameOrEarlier(conclusions, previous?.conclusions),
    maxConclusions: content.maxConclusions,
    infos: sameOrEarlier(infos, previous?.infos),
    hint: hintOffered ? (previous?.hint?.cost === hint.impact ? previous.hint : { cost: hint.impact }) : null,
    hintText: run.hintTaken ? (hint?.text ?? null) : null,
    measures: sameOrEarlier(
      [...index.measures.values()].map((measure, at) => {
        const view = measureView(measure, situation.values[measure.id] ?? measure.initial);
        const earlier = previous?.measures[at];
        return earlier && sameFields(earlier, view) ? earlier : view;
      }),
      previous?.measures,
    ),
    currency: content.currency,
    actionCosts: content.settings.showActionCosts ? costsOf(index, actions) : null,
    media: parts.media(stage?.id ?? null),
    ended: run.ended,
  };
};
