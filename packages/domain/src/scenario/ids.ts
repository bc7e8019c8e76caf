import type { ReadonlyContent } from './readonly-content';
import { scenarioPartNames, type ScenarioPart } from './schema';

/** SPEC 9: generated ids search numbers below this limit. */
export const idSearchLimit = 5000;

/** SPEC 3: the id prefix of each part of a scenario. */
export const idPrefixes = {
  actions: 'act',
  conclusions: 'conc',
  stages: 'stg',
  stageGroups: 'group',
  measures: 'measure',
  infos: 'info',
  baseline: 'baseline',
  pages: 'page',
} as const satisfies Record<ScenarioPart, string>;
export type IdPrefix = (typeof idPrefixes)[ScenarioPart];

/** Thrown when every id of a prefix is taken; a scenario that large is refused rather than given a colliding id. */
export class IdSpaceExhaustedError extends Error {
  readonly prefix: string;

  constructor(prefix: string) {
    super(`No free id left for "${prefix}": every number below ${idSearchLimit} is taken`);
    this.name = 'IdSpaceExhaustedError';
    this.prefix = prefix;
  }
}

/** SPEC 3 and 9: an id is the prefix plus the lowest free number from 1 to 4999. */
export const nextId = (prefix: string, takenIds: Iterable<string>): string => {
  const taken = new Set(takenIds);
  for (let number = 1; number < idSearchLimit; number += 1) {
    const id = `${prefix}${number}`;
    if (!taken.has(id)) return id;
  }
  throw new IdSpaceExhaustedError(prefix);
};

/** Every item id of every part of a scenario, in part order. */
export const allItemIds = (content: Pick<ReadonlyContent, ScenarioPart>): string[] =>
  scenarioPartNames.flatMap((part) => content[part].map((item) => item.id));

/** SPEC 3 and 9: the next free id for a new item of one part of a scenario. */
export const nextItemId = (content: Pick<ReadonlyContent, ScenarioPart>, part: ScenarioPart): string =>
  nextId(
    idPrefixes[part],
    content[part].map((item) => item.id),
  );
