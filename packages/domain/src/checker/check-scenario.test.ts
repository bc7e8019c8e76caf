import { describe, expect, it } from 'vitest';
import { replayRun } from '../engine/run';
import { content } from '../scenario/test/fixtures';
import { checkingScenario, checkScenario } from './check-scenario';
import { eventsOf } from './run-search';

const feedback = 'Noted';
const act = (id: string, rest: Record<string, unknown> = {}) => ({ id, name: `Test ${id}`, feedback, ...rest });
const conc = (id: string, rest: Record<string, unknown> = {}) => ({ id, name: `Diagnosis ${id}`, feedback, ...rest });
const needs = (...all: string[]) => ({ all, any: [], none: [] });
const points = (value: number) => [{ measureId: 'points', value }];

const codes = (issues: readonly { code: string }[]) => issues.map((issue) => issue.code);

describe('checkScenario: errors', () => {
  it('finds nothing wrong in a scenario every item of which a run can reach', () => {
    const check = checkScenario(
      content({
        actions: [act('cbc'), act('ferritin', { requiredActions: needs('cbc') })],
        conclusions: [conc('anemia', { requiredActions: needs('ferritin') })],
        answers: { actions: ['cbc', 'ferritin'], conclusions: ['anemia'] },
      }),
    );
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([]);
  });

  it('names an action that can never be run, and why, following what it waits on', () => {
    const check = checkScenario(
      content({
        actions: [
          act('ct', { name: 'CT head', requiredActions: needs('mri') }),
          act('mri', { name: 'MRI', requiredActions: needs('ct') }),
          act('ferritin', { name: 'Ferritin', requiredActions: needs('ct') }),
        ],
        conclusions: [conc('anemia')],
      }),
    );
    expect(check.errors).toContainEqual({
      code: 'action-never-available',
      message:
        'The action “Ferritin” can never be run: it needs “CT head”, which can never be run either: it needs “MRI”, which can never be run either: it needs “CT head” (they wait on each other).',
      target: { part: 'actions', id: 'ferritin' },
    });
    expect(codes(check.errors)).toEqual(['action-never-available', 'action-never-available', 'action-never-available']);
  });

  it('names a stage that can never open and the items in it, and a key item out of reach', () => {
    const check = checkScenario(
      content({
        stages: [
          { id: 'ward', name: 'Ward', default: true },
          { id: 'icu', name: 'ICU', requiredActions: needs('x'), requiredConclusions: { all: ['sepsis'], any: [], none: ['sepsis'] } },
        ],
        actions: [act('x'), act('lactate', { name: 'Lactate', stage: 'icu' })],
        conclusions: [conc('sepsis', { name: 'Sepsis' })],
        answers: { actions: ['lactate'], conclusions: ['sepsis'] },
      }),
    );
    expect(check.errors.map((issue) => issue.message)).toEqual([
      'The stage “ICU” can never open: it asks for “Sepsis” both done and not done.',
      'The action “Lactate” can never be run: its stage “ICU” never opens, which can never open either: it asks for “Sepsis” both done and not done. It is in the answer key, so no run can match the key.',
    ]);
  });

  it('does not call an item unreachable for what only some runs rule out', () => {
    const check = checkScenario(
      content({
        measures: [{ id: 'money', name: 'Money', type: 1, initial: 0 }],
        actions: [
          act('a'),
          act('b', {
            requiredActions: { all: [], any: [], none: ['a'] },
            measureConditions: [{ measureId: 'money', operator: '>', value: 5 }],
          }),
        ],
        conclusions: [conc('c')],
      }),
    );
    expect(codes(check.errors)).toEqual([]);
  });

  it('refuses a clock that ends every run at once, a key beyond the conclusions allowed and a deleted reference', () => {
    const check = checkScenario(
      content({
        measures: [{ id: 'clock', name: 'Clock', type: 3, initial: 0, limits: { min: 0, max: null, kind: 1 } }],
        actions: [{ ...act('a'), requiredActions: needs('gone') }],
        conclusions: [conc('c1'), conc('c2')],
        maxConclusions: 1,
        answers: { conclusions: ['c1', 'c2'] },
      }),
    );
    expect(check.errors).toEqual([
      {
        code: 'deleted-reference',
        message: 'The action “Test a” refers to the action “gone”, which no longer exists (actions[0].requiredActions.all).',
        target: { part: 'actions', id: 'a' },
      },
      {
        code: 'action-never-available',
        message: 'The action “Test a” can never be run: it needs the action “gone”, which no longer exists.',
        target: { part: 'actions', id: 'a' },
      },
      {
        code: 'measure-ends-every-run',
        message: 'The measure “Clock” ends every run in its first second: it starts within a second of its Terminate limit.',
        target: { part: 'measures', id: 'clock' },
      },
      {
        code: 'key-beyond-max-conclusions',
        message: 'The answer key names 2 conclusions, but a learner may confirm at most 1.',
        target: { part: 'details', id: null },
      },
    ]);
  });
});

describe('checkScenario: figures', () => {
  const scenario = content({
    measures: [
      { id: 'points', name: 'Points', initial: 0, limits: { min: 0, max: 25, kind: 2 } },
      { id: 'money', name: 'Money', type: 1, initial: 0 },
    ],
    actions: [
      act('cbc', { impact: [...points(10), { measureId: 'money', value: 40 }] }),
      act('ct', { impact: [...points(-5), { measureId: 'money', value: 900 }] }),
      act('ferritin', { requiredActions: needs('cbc'), impact: [...points(10), { measureId: 'money', value: 25 }] }),
    ],
    conclusions: [conc('anemia', { impact: points(20), requiredActions: needs('ferritin') }), conc('migraine', { impact: points(-10) })],
    answers: { actions: ['cbc', 'ferritin'], conclusions: ['anemia'] },
  });

  it('gives the most and the least points exactly, with a run that reaches each', () => {
    const { points: range } = checkScenario(scenario).figures;
    expect(range?.max).toMatchObject({ exact: true, bound: 25, found: { value: 25 } });
    expect(range?.min).toMatchObject({ exact: true, bound: 0, found: { value: 0, steps: [] } });
    const replayed = replayRun(scenario, 0, eventsOf(range?.max.found.steps ?? []));
    expect(replayed.ok && replayed.state.measures.points).toBe(25);
  });

  it('gives the fewest steps to the right diagnosis and what the key’s path costs', () => {
    const { shortestDiagnosis, keyPath } = checkScenario(scenario).figures;
    expect(shortestDiagnosis).toEqual({
      exact: true,
      steps: [
        { type: 'runAction', id: 'cbc', name: 'Test cbc' },
        { type: 'runAction', id: 'ferritin', name: 'Test ferritin' },
        { type: 'confirmConclusions', ids: ['anemia'], names: ['Diagnosis anemia'] },
      ],
    });
    expect(keyPath).toMatchObject({ playable: true, costs: [{ measureId: 'money', name: 'Money', type: 1, from: 0, to: 65 }] });
  });

  it('gives a bound and the best run found when there are too many runs to search', () => {
    const many = Array.from({ length: 400 }, (_, at) => act(`a${at}`, { impact: points(1) }));
    const { points: range } = checkScenario(
      content({ measures: [{ id: 'points', name: 'Points' }], actions: many, conclusions: [conc('c')] }),
    ).figures;
    expect(range?.max.exact).toBe(false);
    expect(range?.max.bound).toBe(400);
    expect(range?.max.found.value).toBeGreaterThan(0);
    // no run loses points, and the start shows it
    expect(range?.min).toMatchObject({ exact: true, bound: 0, found: { value: 0, steps: [] } });
  });

  it('has no bound for points that a clock counts up without a max', () => {
    const { points: range } = checkScenario(
      content({ measures: [{ id: 'points', name: 'Points', type: 2 }], actions: [act('a')], conclusions: [conc('c')] }),
    ).figures;
    expect(range?.max).toMatchObject({ exact: false, bound: null });
  });
});

describe('checkScenario: warnings', () => {
  it('warns of missing feedback, media without a description, text sets with gaps and names used twice', () => {
    const check = checkScenario(
      content({
        uiText: { actions: 'investigations', searchActions: ' ' },
        actions: [{ id: 'a', name: 'CBC', factImages: [{ id: 'i', url: '/x.png' }] }, act('b', { name: 'cbc ' })],
        conclusions: [conc('c')],
      }),
    );
    expect(check.warnings).toEqual([
      { code: 'missing-feedback', message: 'The action “CBC” has no feedback.', target: { part: 'actions', id: 'a' } },
      {
        code: 'media-without-description',
        message: 'The action “CBC” has an image or video without a description for those who cannot see it.',
        target: { part: 'actions', id: 'a' },
      },
      {
        code: 'text-set-missing',
        message: 'The scenario’s text set leaves searchActions empty: learners read the default wording there.',
        target: { part: 'details', id: null },
      },
      { code: 'same-name', message: 'Two actions are named “cbc”.', target: { part: 'actions', id: 'b' } },
    ]);
  });

  it('warns when no run reaches the diagnosis within the budget, and when the key’s path runs out of it', () => {
    const check = checkScenario(
      content({
        measures: [{ id: 'budget', name: 'Budget', type: 1, initial: 100, limits: { min: 0, max: null, kind: 1 } }],
        actions: [act('ct', { impact: [{ measureId: 'budget', value: -100 }] })],
        conclusions: [conc('bleed', { requiredActions: needs('ct') })],
        answers: { actions: ['ct'], conclusions: ['bleed'] },
      }),
    );
    expect(codes(check.warnings)).toEqual(['diagnosis-out-of-reach', 'key-path-ends-run']);
    expect(check.figures.shortestDiagnosis).toEqual({ steps: null, exact: true });
    expect(check.figures.keyPath?.playable).toBe(false);
  });

  it('warns of a scenario a learner can only end', () => {
    expect(codes(checkScenario(content({})).warnings)).toEqual(['finish-without-step']);
  });
});

describe('checkingScenario', () => {
  // A hundred tests a learner may run in any order: far more runs than the search may try.
  const wide = content({
    measures: [{ id: 'points', name: 'Points', initial: 0 }],
    actions: Array.from({ length: 100 }, (_, at) => act(`t${at}`, { impact: points(1) })),
    conclusions: [conc('anemia'), conc('migraine')],
    answers: { actions: [], conclusions: ['anemia'] },
  });

  it('pauses within its search of runs, not only between its parts, and finds what checkScenario finds', () => {
    const work = checkingScenario(wide);
    let pauses = 0;
    let next = work.next();
    for (; !next.done; next = work.next()) pauses += 1;
    // The search tries thousands of events, pausing every 64.
    expect(pauses).toBeGreaterThan(100);
    expect(next.value).toEqual(checkScenario(wide));
    expect(next.value.figures.points?.max.found.value).toBeGreaterThan(0);
  });
});
