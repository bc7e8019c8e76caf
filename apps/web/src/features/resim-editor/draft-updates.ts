import type { ScenarioContent, ScenarioPart } from '@resim/domain';

type ItemOf<P extends ScenarioPart> = ScenarioContent[P][number];

/** The draft with one item of a part changed; every other item keeps its identity. */
export const updateItem = <P extends ScenarioPart>(
  draft: ScenarioContent,
  part: P,
  itemId: string,
  fields: Partial<ItemOf<P>>,
): ScenarioContent => ({
  ...draft,
  [part]: (draft[part] as readonly ItemOf<P>[]).map((item) => (item.id === itemId ? { ...item, ...fields } : item)),
});
