import { SortOrder } from '../constants';

export type ListedScenario = {
  readonly id: string;
  readonly resimName: string;
  readonly group: string;
  readonly created: string;
};

export type ListedSpace = { readonly id: string; readonly description: string };

export type SpaceWithScenarios<S extends ListedScenario, P extends ListedSpace> = {
  readonly space: P;
  readonly scenarios: readonly S[];
};

const byName = (a: ListedScenario, b: ListedScenario): number =>
  a.resimName.localeCompare(b.resimName, undefined, { sensitivity: 'base', numeric: true }) || a.id.localeCompare(b.id);
const byCreated = (a: ListedScenario, b: ListedScenario): number => a.created.localeCompare(b.created) || a.id.localeCompare(b.id);

/** SPEC 9 sort orders: AlphaAsc 0, AlphaDesc 1, CreationAsc 2, CreationDesc 3. */
export const sortScenarios = <S extends ListedScenario>(scenarios: readonly S[], order: SortOrder): S[] => {
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

const normalise = (text: string): string => text.toLocaleLowerCase().normalize('NFKD');

/** A search matches a scenario by name or id, and every scenario of a space whose name matches. */
export const groupScenariosBySpace = <S extends ListedScenario, P extends ListedSpace>(options: {
  readonly spaces: readonly P[];
  readonly scenarios: readonly S[];
  readonly order: SortOrder;
  readonly search?: string;
}): SpaceWithScenarios<S, P>[] => {
  const query = normalise(options.search?.trim() ?? '');
  const sorted = sortScenarios(options.scenarios, options.order);
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
