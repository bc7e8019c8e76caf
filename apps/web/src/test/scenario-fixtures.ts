import {
  action,
  conclusion,
  measure,
  scenario,
  stage,
  type Action,
  type Conclusion,
  type Measure,
  type Scenario,
  type Stage,
} from '@resim/domain';

/** A whole scenario with the schema's defaults, changed where the test says. */
export const scenarioFixture = (overrides: Partial<Scenario> = {}): Scenario =>
  scenario.parse({
    id: 'r1',
    group: 's1',
    resimStatus: 0,
    created: '2025-01-01T00:00:00.000Z',
    revision: 1,
    resimName: 'Chest pain',
    ...overrides,
  });

export const actionFixture = (id: string, name: string, more: Partial<Action> = {}): Action => action.parse({ id, name, ...more });
export const conclusionFixture = (id: string, name: string, more: Partial<Conclusion> = {}): Conclusion =>
  conclusion.parse({ id, name, ...more });
export const stageFixture = (id: string, name: string, more: Partial<Stage> = {}): Stage => stage.parse({ id, name, ...more });
export const measureFixture = (id: string, name: string, more: Partial<Measure> = {}): Measure => measure.parse({ id, name, ...more });
