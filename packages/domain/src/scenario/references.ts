import type { DeepReadonly, ReadonlyContent } from './readonly-content';
import { actionMarks } from './vocabulary';
import { scenarioPartNames, type Activator, type Impact, type MeasureCondition, type RequirementSet } from './schema';

type Kind = 'action' | 'conclusion' | 'stage' | 'stage group' | 'measure' | 'info' | 'page';

const requirementKinds = ['all', 'any', 'none'] as const;

/** A reference to an item the scenario does not have, with the item that makes it (null: the details). */
export type UnknownReference = {
  /** where it is, as `actions[2].requiredActions.any` */
  readonly path: string;
  readonly owner: { readonly part: 'actions' | 'conclusions' | 'stages' | 'infos'; readonly id: string } | null;
  readonly kinds: readonly Kind[];
  readonly id: string;
};

/**
 * SPEC 3 and 8: every reference inside a scenario names an item that exists, and ids are unique
 * within each part (a duplicate id makes list indexing yield nothing). Each problem names where it
 * is, for instance `actions[2].requiredActions.any: unknown action "act9"`; none means the
 * references hold.
 */
export const referenceProblems = (content: ReadonlyContent): string[] => {
  const problems: string[] = [];

  for (const part of scenarioPartNames) {
    const seen = new Set<string>();
    const reported = new Set<string>();
    for (const { id } of content[part]) {
      if (seen.has(id) && !reported.has(id)) {
        problems.push(`duplicate id "${id}" in ${part}`);
        reported.add(id);
      }
      seen.add(id);
    }
  }
  for (const unknown of unknownReferences(content)) problems.push(`${unknown.path}: unknown ${unknown.kinds.join(' or ')} "${unknown.id}"`);
  return problems;
};

/** The references of a scenario to items it does not have (see referenceProblems). */
export const unknownReferences = (content: ReadonlyContent): UnknownReference[] => {
  const problems: UnknownReference[] = [];
  let owner: UnknownReference['owner'] = null;
  const known: Record<Kind, ReadonlySet<string>> = {
    action: new Set(content.actions.map((item) => item.id)),
    conclusion: new Set(content.conclusions.map((item) => item.id)),
    stage: new Set(content.stages.map((item) => item.id)),
    'stage group': new Set(content.stageGroups.map((item) => item.id)),
    measure: new Set(content.measures.map((item) => item.id)),
    info: new Set(content.infos.map((item) => item.id)),
    page: new Set(content.pages.map((item) => item.id)),
  };

  const check = (path: string, id: string | null, ...kinds: readonly Kind[]): void => {
    if (id === null || kinds.some((kind) => known[kind].has(id))) return;
    problems.push({ path, owner, kinds, id });
  };
  const checkSet = (path: string, set: DeepReadonly<RequirementSet>, kind: Kind): void => {
    for (const requirement of requirementKinds) for (const id of set[requirement]) check(`${path}.${requirement}`, id, kind);
  };
  const checkMeasures = (
    path: string,
    item: { readonly impact: readonly DeepReadonly<Impact>[]; readonly measureConditions?: readonly DeepReadonly<MeasureCondition>[] },
  ): void => {
    item.impact.forEach((entry, index) => check(`${path}.impact[${index}].measureId`, entry.measureId, 'measure'));
    item.measureConditions?.forEach((condition, index) =>
      check(`${path}.measureConditions[${index}].measureId`, condition.measureId, 'measure'),
    );
  };
  // An activator's id is what it activates; its stage, when set, is a stage too.
  const checkActivators = (path: string, activators: readonly DeepReadonly<Activator>[], ...kinds: readonly Kind[]): void =>
    activators.forEach((activator, index) => {
      check(`${path}.activators[${index}].id`, activator.id, ...kinds);
      check(`${path}.activators[${index}].stage`, activator.stage, 'stage');
    });

  content.actions.forEach((item, index) => {
    const path = `actions[${index}]`;
    owner = { part: 'actions', id: item.id };
    check(`${path}.stage`, item.stage, 'stage');
    checkSet(`${path}.requiredActions`, item.requiredActions, 'action');
    checkSet(`${path}.requiredConclusions`, item.requiredConclusions, 'conclusion');
    checkMeasures(path, item);
    checkActivators(path, item.activators, 'stage');
  });

  content.conclusions.forEach((item, index) => {
    const path = `conclusions[${index}]`;
    owner = { part: 'conclusions', id: item.id };
    check(`${path}.stage`, item.stage, 'stage');
    checkSet(`${path}.requiredActions`, item.requiredActions, 'action');
    checkSet(`${path}.requiredConclusions`, item.requiredConclusions, 'conclusion');
    checkMeasures(path, item);
  });

  content.stages.forEach((item, index) => {
    const path = `stages[${index}]`;
    owner = { part: 'stages', id: item.id };
    check(`${path}.stageGroup`, item.stageGroup, 'stage group');
    checkSet(`${path}.requiredStages`, item.requiredStages, 'stage');
    checkSet(`${path}.requiredActions`, item.requiredActions, 'action');
    checkSet(`${path}.requiredConclusions`, item.requiredConclusions, 'conclusion');
    checkActivators(path, item.activators, 'action', 'stage');
  });

  content.infos.forEach((item, index) => {
    const path = `infos[${index}]`;
    owner = { part: 'infos', id: item.id };
    check(`${path}.stage`, item.stage, 'stage');
    checkMeasures(path, item);
  });

  owner = null;
  if (content.hint) checkMeasures('hint', content.hint);

  for (const list of actionMarks) for (const id of content.answers[list]) check(`answers.${list}`, id, 'action');
  for (const id of content.answers.conclusions) check('answers.conclusions', id, 'conclusion');

  for (const list of ['descriptionImages', 'descriptionVideos', 'descriptionFiles'] as const) {
    content[list].forEach((media, index) => {
      for (const id of media.availableStages) check(`${list}[${index}].availableStages`, id, 'stage');
    });
  }

  if (content.initial) check('initial.id', content.initial.id, content.initial.type);

  return problems;
};
