import { idPrefixes, idSearchLimit } from './ids';
import type { ReadonlyContent } from './readonly-content';
import { scenarioPartNames, type ScenarioPart } from './schema';

const itemNames: Record<ScenarioPart, string> = {
  actions: 'action',
  conclusions: 'conclusion',
  stages: 'stage',
  stageGroups: 'stage group',
  measures: 'measure',
  infos: 'info',
  baseline: 'baseline',
  pages: 'page',
};

// SPEC 3 names both stg and stage as stage prefixes, and makes the measure 'points' special.
const otherPrefixes: Partial<Record<ScenarioPart, readonly string[]>> = { stages: ['stage'] };
const specialIds: Partial<Record<ScenarioPart, readonly string[]>> = { measures: ['points'] };

const numbered = (id: string, prefix: string): boolean => {
  if (!id.startsWith(prefix)) return false;
  const digits = id.slice(prefix.length);
  return /^[1-9]\d*$/.test(digits) && Number(digits) < idSearchLimit;
};

/** Whether an id has the form SPEC 3 and 9 give the items of a part: its prefix and a number from 1 to 4999. */
export const isValidItemId = (part: ScenarioPart, id: string): boolean =>
  (specialIds[part] ?? []).includes(id) || [idPrefixes[part], ...(otherPrefixes[part] ?? [])].some((prefix) => numbered(id, prefix));

/**
 * SPEC 3 and 9: every item id is its part's prefix plus a number from 1 to 4999, for instance
 * `actions[0].id: "act5000" is not a valid action id (act1 to act4999)`.
 */
export const idProblems = (content: ReadonlyContent): string[] =>
  scenarioPartNames.flatMap((part) =>
    content[part].flatMap((item, index) => {
      if (isValidItemId(part, item.id)) return [];
      const prefix = idPrefixes[part];
      const special = (specialIds[part] ?? []).map((id) => `, or ${id}`).join('');
      return [
        `${part}[${index}].id: "${item.id}" is not a valid ${itemNames[part]} id (${prefix}1 to ${prefix}${idSearchLimit - 1}${special})`,
      ];
    }),
  );
