import { Priority, SortOrder } from '../constants';

export type ListedScenario = {
  readonly id: string;
  readonly resimName: string;
  readonly group: string;
  readonly created: string;
  readonly priority?: Priority | null;
};

export type ListedSpace = { readonly id: string; readonly description: string };

export type SpaceWithScenarios<S extends ListedScenario, P extends ListedSpace> = {
  readonly space: P;
  readonly scenarios: readonly S[];
};

const byName = (a: ListedScenario, b: ListedScenario): number =>
  a.resimName.localeCompare(b.resimName, undefined, { sensitivity: 'base', numeric: true }) || a.id.localeCompare(b.id);
const byCreated = (a: ListedScenario, b: ListedScenario): number => a.created.localeCompare(b.created) || a.id.localeCompare(b.id);

const ordered = <S extends ListedScenario>(scenarios: readonly S[], order: SortOrder): S[] => {
  const sorted = [...scenarios];
  switch (order) {
    case SortOrder.AlphaAsc:
      return sorted.sort(byName);
    case SortOrder.AlphaDesc:
      return sorted.sort((a, b) => byName(b, a));
    case SortOrder.CreationAsc:
      return sorted.sort(byCreated);
    case SortOrder.CreationDesc:
      return sorted.sort((a, b) => byCreated(b, a));
  }
};

/** High first, then scenarios without a priority, then Low. */
const priorityRank = (scenario: ListedScenario): number =>
  scenario.priority === Priority.High ? 0 : scenario.priority === Priority.Low ? 2 : 1;

/**
 * SPEC 9 sort orders: AlphaAsc 0, AlphaDesc 1, CreationAsc 2, CreationDesc 3. With
 * `priorityFirst` the SPEC 9 priorities come first (High 1, none, Low 2), each in that order.
 */
export const sortScenarios = <S extends ListedScenario>(scenarios: readonly S[], order: SortOrder, priorityFirst = false): S[] => {
  const sorted = ordered(scenarios, order);
  // The sort is stable, so scenarios of equal priority keep the chosen order.
  return priorityFirst ? sorted.sort((a, b) => priorityRank(a) - priorityRank(b)) : sorted;
};

const normalise = (text: string): string => text.toLocaleLowerCase().normalize('NFKD');

/** A search matches a scenario by name or id, and every scenario of a space whose name matches. */
export const groupScenariosBySpace = <S extends ListedScenario, P extends ListedSpace>(options: {
  readonly spaces: readonly P[];
  readonly scenarios: readonly S[];
  readonly order: SortOrder;
  readonly priorityFirst?: boolean;
  readonly search?: string;
}): SpaceWithScenarios<S, P>[] => {
  const query = normalise(options.search?.trim() ?? '');
  const sorted = sortScenarios(options.scenarios, options.order, options.priorityFirst);
  const spaces = [...options.spaces].sort(
    (a, b) => a.description.localeCompare(b.description, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id),
  );
  return spaces.flatMap((space) => {
    const inSpace = sorted.filter((scenario) => scenario.group === space.id);
    if (query === '') return [{ space, scenarios: inSpace }];
    if (normalise(space.description).includes(query)) return [{ space, scenarios: inSpace }];
    const matching = inSpace.filter((scenario) => normalise(scenario.resimName).includes(query) || normalise(scenario.id).includes(query));
    return matching.length > 0 ? [{ space, scenarios: matching }] : [];
  });
};
