import fc from 'fast-check';
import { content } from '../../scenario/test/fixtures';
import type { ScenarioContent } from '../../scenario/schema';
import type { RunEvent, RunView } from '../types';

/**
 * Random scenarios and event sequences for the property tests: few items with small ids, so that
 * requirements, activators, impacts and events often name the same things, and now and then an
 * id the scenario does not have.
 */

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
const stageIds = ids('stg', 4);
const actionIds = ids('act', 7);
const conclusionIds = ids('conc', 4);
const measureIds = ['points', ...ids('measure', 3)];

// A pool's ids and one of its kind that no scenario has.
const someOf = (pool: readonly string[], maxLength = 2) =>
  fc.uniqueArray(fc.constantFrom(...pool, `${pool[0]?.replace(/\d+$/, '') ?? ''}99`), { maxLength });
const requirements = (pool: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant({ all: [], any: [], none: [] }) },
    { weight: 1, arbitrary: fc.record({ all: someOf(pool, 1), any: someOf(pool), none: someOf(pool, 1) }) },
  );
const impacts = fc.array(
  fc.record({
    measureId: fc.constantFrom(...measureIds, 'measure99'),
    value: fc.oneof(fc.integer({ min: -30, max: 30 }), fc.double({ min: -30, max: 30, noNaN: true })),
  }),
  { maxLength: 3 },
);
const conditions = fc.oneof(
  { weight: 2, arbitrary: fc.constant([]) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.record({
        measureId: fc.constantFrom(...measureIds),
        operator: fc.constantFrom('<', '<=', '=', '>=', '>'),
        value: fc.integer({ min: -20, max: 40 }),
      }),
    ),
  },
);
const stageOf = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.constantFrom(...stageIds, 'stg99') });
const activators = (pool: readonly string[]) =>
  fc.array(fc.record({ id: fc.constantFrom(...pool), stage: fc.option(fc.constantFrom(...stageIds), { freq: 2 }) }), { maxLength: 2 });

const limits = fc.option(
  fc
    .record({
      a: fc.option(fc.integer({ min: -20, max: 40 }), { freq: 4 }),
      b: fc.option(fc.integer({ min: -20, max: 40 }), { freq: 4 }),
      kind: fc.constantFrom(1, 2, 3),
    })
    .map(({ a, b, kind }) =>
      // min ≤ max when both are set
      a !== null && b !== null ? { min: Math.min(a, b), max: Math.max(a, b), kind } : { min: a, max: b, kind },
    ),
  { freq: 2 },
);

/** The first `min` to all ids of the pool, each made into an item. */
const prefix = <T>(pool: readonly string[], min: number, item: fc.Arbitrary<T>) =>
  fc
    .integer({ min, max: pool.length })
    .chain((count) => fc.tuple(...pool.slice(0, count).map((id) => item.map((rest) => ({ id, name: `Name ${id}`, ...rest })))));

export const scenarioArbitrary: fc.Arbitrary<ScenarioContent> = fc
  .record({
    stages: prefix(
      stageIds,
      0,
      fc.record({
        default: fc.boolean(),
        isAntibodyPanel: fc.boolean(),
        requiredStages: requirements(stageIds),
        requiredActions: requirements(actionIds),
        requiredConclusions: requirements(conclusionIds),
        activators: activators([...actionIds, ...stageIds]),
      }),
    ),
    actions: prefix(
      actionIds,
      4,
      fc.record({
        stage: stageOf,
        requiredActions: requirements(actionIds),
        requiredConclusions: requirements(conclusionIds),
        impact: impacts,
        measureConditions: conditions,
        activators: activators(stageIds),
        isAlwaysShown: fc.boolean(),
        instantFeedback: fc.boolean(),
        feedback: fc.constantFrom('', 'Well done'),
      }),
    ),
    conclusions: prefix(
      conclusionIds,
      2,
      fc.record({
        stage: stageOf,
        requiredActions: requirements(actionIds),
        requiredConclusions: requirements(conclusionIds),
        impact: impacts,
        isAlwaysShown: fc.boolean(),
      }),
    ),
    measures: prefix(
      measureIds,
      0,
      fc.record({
        type: fc.constantFrom(1, 2, 3, 4, 5, 6, 7),
        initial: fc.integer({ min: -30, max: 50 }),
        limits,
        scoreOrder: fc.option(fc.integer({ min: 1, max: 3 })),
      }),
    ),
    infos: fc.constant([{ id: 'info1', name: 'Info', stage: 'stg2' }]),
    hint: fc.option(fc.record({ text: fc.constantFrom('', 'Look closer'), measureConditions: conditions, impact: impacts })),
    mode: fc.constantFrom(1, 2, 3, 4),
    maxConclusions: fc.integer({ min: 1, max: 3 }),
    answers: fc.record({ actions: someOf(actionIds), conclusions: someOf(conclusionIds) }),
  })
  .map((parts) => content(parts));

/**
 * What a learner or a presenter does next, a few seconds after the last step, now and then back in
 * time. A guided step picks among the items the run's view offers, so that runs go deep; an
 * unguided one picks among every id, strangers included.
 */
export type Intent = {
  readonly type: RunEvent['type'];
  readonly guided: boolean;
  readonly pick: number;
  readonly count: number;
  readonly gap: number;
};

export const intentsArbitrary: fc.Arbitrary<Intent[]> = fc.array(
  fc.record({
    type: fc.oneof(
      { weight: 24, arbitrary: fc.constant('runAction' as const) },
      { weight: 6, arbitrary: fc.constant('confirmConclusions' as const) },
      { weight: 3, arbitrary: fc.constant('takeHint' as const) },
      { weight: 1, arbitrary: fc.constantFrom('end' as const, 'stop' as const) },
    ),
    guided: fc.boolean(),
    pick: fc.nat(),
    count: fc.integer({ min: 1, max: 4 }),
    gap: fc.oneof(
      { weight: 9, arbitrary: fc.integer({ min: 0, max: 6_000 }) },
      { weight: 1, arbitrary: fc.integer({ min: -2_000, max: -1 }) },
    ),
  }),
  { minLength: 4, maxLength: 16 },
);

const picked = <T>(items: readonly T[], pick: number): T | undefined => items[pick % Math.max(1, items.length)];

/** The event an intent makes at `at`, given what the run's view offers then. */
export const eventOf = (intent: Intent, offered: RunView, at: number): RunEvent => {
  const available = (items: RunView['actions']) => items.filter((item) => item.availability === 'available').map((item) => item.id);
  switch (intent.type) {
    case 'runAction': {
      const pool = intent.guided ? available(offered.actions) : [...actionIds, 'act99'];
      return { type: 'runAction', actionId: picked(pool, intent.pick) ?? 'act1', at };
    }
    case 'confirmConclusions': {
      const pool = intent.guided ? available(offered.conclusions) : [...conclusionIds, 'conc99'];
      const chosen = Array.from({ length: intent.guided ? Math.min(intent.count, offered.maxConclusions) : intent.count }, (_, i) =>
        picked(pool, intent.pick + i),
      ).filter((id) => id !== undefined);
      return { type: 'confirmConclusions', conclusionIds: chosen.length > 0 ? chosen : ['conc1'], at };
    }
    default:
      return { type: intent.type, at };
  }
};
