import { initialValue } from '../engine/measures';
import { indexScenario, type ScenarioIndex } from '../engine/scenario-index';
import type { ReadonlyContent } from '../scenario/readonly-content';
import { unknownReferences } from '../scenario/references';
import { playKeyPath } from './key-path';
import { pointsRange } from './points-range';
import { neverReason, neverSubject, reachableItems, type Reachable } from './reachability';
import { searchingRuns, stepsTo, timeMatters, type RunSearch } from './run-search';
import type { CheckIssue, CheckedPart, ScenarioCheck } from './types';
import { contentWarnings } from './warnings';
import { finished, type WorkSteps } from './work-steps';

const quoted = (name: string) => `“${name}”`;

const ownerNouns = { actions: 'action', conclusions: 'conclusion', stages: 'stage', infos: 'info' } as const;

const referenceErrors = (content: ReadonlyContent): CheckIssue[] => {
  const unknown = unknownReferences(content);
  if (unknown.length === 0) return [];
  const names = new Map<string, string>();
  for (const part of ['actions', 'conclusions', 'stages', 'infos'] as const)
    for (const item of content[part]) names.set(`${part}:${item.id}`, item.name);
  return unknown.map(({ owner, kinds, id, path }) => {
    const who = owner ? `The ${ownerNouns[owner.part]} ${quoted(names.get(`${owner.part}:${owner.id}`) || owner.id)}` : 'The scenario';
    return {
      code: 'deleted-reference',
      message: `${who} refers to the ${kinds.join(' or ')} ${quoted(id)}, which no longer exists (${path}).`,
      target: owner ?? { part: 'details', id: null },
    };
  });
};

/** Items no run can ever reach, each with the reason in the author's names (see reachableItems). */
const neverReached = (index: ScenarioIndex, reachable: Reachable): CheckIssue[] => {
  const { answers } = index.content;
  const inKey = new Set([...answers.actions, ...answers.conclusions]);
  const issues: CheckIssue[] = [];
  const kinds = [
    ['stage', 'stages', index.stages, reachable.stages, 'stage-never-opens'],
    ['action', 'actions', index.actions, reachable.actions, 'action-never-available'],
    ['conclusion', 'conclusions', index.conclusions, reachable.conclusions, 'conclusion-never-available'],
  ] as const;
  for (const [kind, part, items, done, code] of kinds) {
    for (const id of items.keys()) {
      if (done.has(id)) continue;
      const key = inKey.has(id) && kind !== 'stage' ? ' It is in the answer key, so no run can match the key.' : '';
      issues.push({
        code,
        message: `${neverSubject(index, kind, id)}: ${neverReason(index, reachable, kind, id)}.${key}`,
        target: { part: part satisfies CheckedPart, id },
      });
    }
  }
  return issues;
};

/**
 * A clock (an auto-time measure) that starts within a second of its Terminate limit: the engine
 * ends every run at its first second, before a learner can take a step.
 */
const endingMeasures = (index: ScenarioIndex): CheckIssue[] =>
  index.timedTerminations
    .filter((measure) => {
      const start = initialValue(measure);
      const { min, max } = measure.limits!;
      return measure.type === 2 ? max !== null && max - start <= 1 : min !== null && start - min <= 1;
    })
    .map((measure) => ({
      code: 'measure-ends-every-run',
      message: `The measure ${quoted(measure.name || measure.id)} ends every run in its first second: it starts within a second of its Terminate limit.`,
      target: { part: 'measures', id: measure.id },
    }));

const keyErrors = (index: ScenarioIndex): CheckIssue[] => {
  const { answers, maxConclusions } = index.content;
  return answers.conclusions.length > maxConclusions
    ? [
        {
          code: 'key-beyond-max-conclusions',
          message: `The answer key names ${answers.conclusions.length} conclusions, but a learner may confirm at most ${maxConclusions}.`,
          target: { part: 'details', id: null },
        },
      ]
    : [];
};

const runWarnings = (index: ScenarioIndex, search: RunSearch, diagnosed: boolean, keyEndedBy: string | null): CheckIssue[] => {
  const warnings: CheckIssue[] = [];
  const { answers } = index.content;
  const details = { part: 'details', id: null } as const;
  if (answers.conclusions.length > 0 && search.complete && !timeMatters(index.content) && !diagnosed) {
    warnings.push({
      code: 'diagnosis-out-of-reach',
      message: 'No run reaches the answer key’s diagnosis: the measures’ limits or the requirements end or block every way to it.',
      target: details,
    });
  }
  if (keyEndedBy !== null) {
    const measure = index.measures.get(keyEndedBy);
    warnings.push({
      code: 'key-path-ends-run',
      message: `The answer key’s path ends the run before its diagnosis: ${quoted(measure?.name || keyEndedBy)} reaches its Terminate limit.`,
      target: { part: 'measures', id: keyEndedBy },
    });
  }
  if (search.reached.length === 1 && search.complete) {
    warnings.push({
      code: 'finish-without-step',
      message: 'A learner can take no step: nothing is available when a run starts, so it can only be ended.',
      target: details,
    });
  }
  return warnings;
};

const errorsOf = (content: ReadonlyContent, index: ScenarioIndex, reachable: Reachable): CheckIssue[] => [
  ...referenceErrors(content),
  ...neverReached(index, reachable),
  ...endingMeasures(index),
  ...keyErrors(index),
];

/**
 * The checker's errors alone, as `checkScenario` finds them: what keeps a scenario from opening
 * to learners. None depends on the search of runs that the warnings and figures need (the most
 * of the checker's time), so a server opening a session checks without it.
 */
export const scenarioErrors = (content: ReadonlyContent): CheckIssue[] =>
  errorsOf(content, indexScenario(content), reachableItems(content));

/**
 * The scenario checker: what keeps a scenario from opening to learners (errors), what an author
 * should look at (warnings), and figures of its runs worked out over the engine's own rules:
 * the points a run can end with, the fewest steps to the right diagnosis, what the key's path
 * costs. Pauses between its parts and within its search of runs (see WorkSteps): a server checks
 * a slice at a time, so that a large scenario's check never holds every other request up.
 */
export function* checkingScenario(content: ReadonlyContent): WorkSteps<ScenarioCheck> {
  const index = indexScenario(content);
  yield;
  const reachable = reachableItems(content);
  yield;
  const search = yield* searchingRuns(content, index);
  const expected = new Set(index.content.answers.conclusions);
  const right = search.reached.find(
    (run) => expected.size > 0 && run.state.confirmed.length === expected.size && run.state.confirmed.every((id) => expected.has(id)),
  );
  const keyPath = playKeyPath(index);
  yield;
  const errors = errorsOf(content, index, reachable);
  yield;
  const warnings = [...runWarnings(index, search, right !== undefined, keyPath?.endedBy ?? null), ...contentWarnings(content)];
  yield;
  return {
    errors,
    warnings,
    figures: {
      points: pointsRange(index, reachable, search),
      shortestDiagnosis:
        expected.size === 0 ? null : { steps: right ? stepsTo(index, right) : null, exact: search.complete && !timeMatters(content) },
      keyPath: keyPath && { steps: keyPath.steps, playable: keyPath.playable, costs: keyPath.costs },
    },
  };
}

/** The scenario checker run through at once (see checkingScenario), as the editor runs it on the content being edited. */
export const checkScenario = (content: ReadonlyContent): ScenarioCheck => finished(checkingScenario(content));
