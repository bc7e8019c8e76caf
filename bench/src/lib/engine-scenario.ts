import { scenarioContent, type ScenarioContent } from '@resim/domain';

/**
 * The engine benchmark's 5,000-item scenario, shared with the checker's benchmark so that both
 * measure the same scenario.
 */

const stageCount = 20;
const actionsPerStage = 200;
const conclusionsPerStage = 45;
const infoCount = 40;
const baselineCount = 36;
// A stage opens once any of this many actions of the stage before it has been run.
const openingActions = 40;

// ---------------------------------------------------------------------------------------------
// The scenario

/** A small seeded generator, so that every run of the benchmark plays the same scenario and the same runs. */
export const seeded = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
};

const requirements = (all: string[] = [], any: string[] = [], none: string[] = []) => ({ all, any, none });
const results = (i: number) =>
  `Result ${i}: haemoglobin ${90 + (i % 60)} g/L, white cells ${4 + (i % 9)}.${i % 10} ×10⁹/L, platelets ${150 + (i % 200)} ×10⁹/L; ` +
  'film shows no blasts; reticulocytes within the reference range; repeat if the picture changes.';

/**
 * 20 stages in a chain (each opened by any of 40 tests of the one before, or by stage), the last an
 * antibody panel opened by tests that name it; 4,000 tests with results, impacts on points and cost,
 * requirement chains, measure conditions and some always shown; 900 diagnoses; a points, a cost,
 * an elapsed-time and a countdown measure; infos, baseline and a hint: 5,000 items.
 */
export const buildScenario = (): ScenarioContent => {
  const random = seeded(42);
  const stageId = (s: number) => `stg${s + 1}`;
  const actionId = (s: number, a: number) => `act${s * actionsPerStage + a + 1}`;
  const panel = stageId(stageCount - 1);
  const stages = Array.from({ length: stageCount }, (_, s) => ({
    id: stageId(s),
    name: s === stageCount - 1 ? 'Antibody panel' : `Stage ${s + 1}`,
    default: s === 0,
    isAntibodyPanel: s === stageCount - 1,
    description: `What to do in stage ${s + 1}.`,
    requiredStages: s > 0 && s < stageCount - 1 ? requirements([stageId(s - 1)]) : requirements(),
    requiredActions:
      s > 0 && s < stageCount - 1
        ? requirements(
            [],
            Array.from({ length: openingActions }, (_, a) => actionId(s - 1, a)),
          )
        : requirements(),
    uiText: s % 5 === 0 ? { actions: `stage ${s + 1} tests` } : {},
  }));
  const actions = stages.flatMap((_, s) =>
    Array.from({ length: actionsPerStage }, (_, a) => {
      const i = s * actionsPerStage + a;
      return {
        id: actionId(s, a),
        name: `Test ${i + 1}`,
        stage: stageId(s),
        facts: results(i),
        feedback: i % 3 === 0 ? `Feedback on test ${i + 1}.` : '',
        instantFeedback: i % 6 === 0,
        isAlwaysShown: i % 20 === 0,
        impact: [
          { measureId: 'points', value: [10, -10, 1, -1][i % 4] ?? 0 },
          { measureId: 'measure1', value: 5 + Math.floor(random() * 200) },
        ],
        // chains: every fifth test needs the one before it in its stage
        requiredActions: a % 5 === 4 ? requirements([actionId(s, a - 1)]) : requirements(),
        measureConditions: i % 10 === 7 ? [{ measureId: 'points', operator: '>=' as const, value: -40 }] : [],
        activators: i % 97 === 0 ? [{ id: panel, name: 'Antibody panel', stage: null }] : [],
      };
    }),
  );
  const conclusions = Array.from({ length: stageCount * conclusionsPerStage }, (_, i) => {
    const s = Math.floor(i / conclusionsPerStage);
    return {
      id: `conc${i + 1}`,
      name: `Diagnosis ${i + 1}`,
      stage: s === stageCount - 1 ? null : stageId(s),
      feedback: `Why diagnosis ${i + 1} is or is not right.`,
      isAlwaysShown: i % 15 === 0,
      requiredActions:
        i % 9 === 0
          ? requirements([], [actionId(Math.min(s, stageCount - 2), 0), actionId(Math.min(s, stageCount - 2), 1)])
          : requirements(),
      impact: [{ measureId: 'points', value: i % 2 === 0 ? 10 : -10 }],
    };
  });
  return scenarioContent.parse({
    resimName: 'Engine benchmark',
    mode: 2,
    maxConclusions: 3,
    stages,
    actions,
    conclusions,
    measures: [
      { id: 'points', name: 'Points', type: 7, limits: { min: -1000, max: 1000, kind: 2 }, scoreOrder: 1 },
      { id: 'measure1', name: 'Cost', type: 1, limits: { min: null, max: 20_000, kind: 3 }, scoreOrder: 2 },
      { id: 'measure2', name: 'Elapsed', type: 2, limits: { min: null, max: 36_000, kind: 1 } },
      { id: 'measure3', name: 'Time left', type: 3, initial: 30_000, limits: { min: 0, max: null, kind: 1 } },
    ],
    infos: Array.from({ length: infoCount }, (_, i) => ({
      id: `info${i + 1}`,
      name: `Info ${i + 1}`,
      text: `Information ${i + 1} for the learner.`,
      stage: stageId(i % stageCount),
      measureConditions: i % 4 === 0 ? [{ measureId: 'points', operator: '>', value: 0 }] : [],
    })),
    baseline: Array.from({ length: baselineCount }, (_, i) => ({ id: `baseline${i + 1}`, name: `Baseline ${i + 1}`, facts: results(i) })),
    hint: { text: 'Look at the film again.', impact: [{ measureId: 'points', value: -5 }] },
    answers: { actions: [actionId(0, 0), actionId(1, 0)], conclusions: ['conc1', 'conc46'] },
  });
};

export const itemCount = (content: ScenarioContent) =>
  content.stages.length +
  content.actions.length +
  content.conclusions.length +
  content.measures.length +
  content.infos.length +
  content.baseline.length;
