import type { RunDetail } from '@resim/contracts';
import { answerKeyItems, formatMeasureValue, keyAnswers, type RunChoices, type ScenarioContent } from '@resim/domain';

/** What a learner's report says, in the words it prints: the case, each step, the measures, the answer key's verdicts. */
export type RunReport = {
  readonly title: string;
  readonly description: string;
  readonly learner: string;
  readonly started: string | null;
  readonly ended: string | null;
  readonly points: string;
  readonly rank: string;
  readonly revision: number | null;
  /** the pass mark's verdict and its reasons; null when the scenario sets no pass mark */
  readonly result: { readonly passed: boolean; readonly reasons: readonly string[] } | null;
  readonly steps: readonly { readonly at: string; readonly what: string; readonly facts: readonly string[] }[];
  readonly measures: readonly { readonly name: string; readonly value: string }[];
  readonly verdicts: readonly { readonly item: string; readonly kind: string; readonly right: boolean; readonly words: string }[];
};

/** Minutes and seconds from the run's start, as a clock reads it: "+3:07". */
const sinceStart = (at: string, started: string | null): string => {
  if (started === null) return '';
  const seconds = Math.max(0, Math.round((Date.parse(at) - Date.parse(started)) / 1000));
  return `+${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

const when = (at: string | null) => (at === null ? null : new Date(at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC');

const verdictWords: Record<string, [string, string]> = {
  'required test': ['Run, as required', 'Not run, though required'],
  'unnecessary test': ['Left alone, as it was unnecessary', 'Run, though unnecessary'],
  'harmful test': ['Left alone, as it was harmful', 'Run, though harmful'],
  diagnosis: ['Confirmed', 'Not confirmed'],
};

/**
 * The report of one run, from the run as its host sees it and the content it was played on:
 * each step worded with the scenario's names and when it was taken, the facts it revealed, the
 * measures at the end, and each item of the answer key right or wrong.
 */
export const runReport = (content: ScenarioContent, detail: RunDetail, choices: RunChoices | null): RunReport => {
  const names = new Map<string, string>([
    ...content.actions.map((action) => [action.id, action.name || action.id] as const),
    ...content.conclusions.map((conclusion) => [conclusion.id, conclusion.name || conclusion.id] as const),
  ]);
  const nameOf = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? id) : '');
  const stepWords = (step: RunDetail['steps'][number]): string => {
    if (step.type === 'runAction') return `Ran ${nameOf(step.detail['actionId'])}`;
    if (step.type === 'confirmConclusions') {
      const ids = Array.isArray(step.detail['conclusionIds']) ? step.detail['conclusionIds'] : [];
      return `Confirmed ${ids.map(nameOf).join(', ')}`;
    }
    if (step.type === 'takeHint') return 'Took the hint';
    if (step.type === 'end') return 'Ended the run';
    return step.type;
  };
  const types = new Map(content.measures.map((measure) => [measure.id, measure]));
  const items = answerKeyItems(content);
  const answers = choices ? keyAnswers(items, choices) : [];
  const { run } = detail;
  return {
    title: content.resimName,
    description: content.description,
    learner: run.nickname,
    started: when(run.startedAt),
    ended: when(run.endedAt),
    points: run.points === null ? '–' : String(run.points),
    rank: run.rank === null ? 'not ranked' : String(run.rank),
    revision: run.revision,
    result: run.verdict,
    steps: detail.steps.map((step) => ({
      at: sinceStart(step.at, run.startedAt),
      what: stepWords(step),
      facts: step.facts.map((fact) => `${fact.name}: ${fact.text}`),
    })),
    measures: detail.measures.map((measure) => {
      const kept = types.get(measure.id);
      return {
        name: measure.name,
        value: kept
          ? formatMeasureValue(kept.type, measure.value, { currency: content.currency, timeUnit: kept.timeUnit })
          : String(measure.value),
      };
    }),
    verdicts: choices
      ? items.map((item, index) => {
          const right = answers[index] === 1;
          return { item: item.name, kind: item.kind, right, words: verdictWords[item.kind]![right ? 0 : 1] };
        })
      : [],
  };
};
