import { scenarioContent, type ScenarioContent } from '../schema';

/** Scenario content read through the schema, so every omitted field has its default. */
export const content = (input: Partial<Record<keyof ScenarioContent, unknown>> = {}): ScenarioContent =>
  scenarioContent.parse({ resimName: 'Scenario', ...input });

/** Freezes a value all the way down, so a rule that changed its input would throw. */
export const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
};
