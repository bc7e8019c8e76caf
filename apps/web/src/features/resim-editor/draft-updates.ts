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

/** The draft with one item changed from the item as it is in the draft, for fields that hold a list or a map. */
export const updateItemFrom = <P extends ScenarioPart>(
  draft: ScenarioContent,
  part: P,
  itemId: string,
  change: (item: ItemOf<P>) => Partial<ItemOf<P>>,
): ScenarioContent => {
  const item = (draft[part] as readonly ItemOf<P>[]).find((candidate) => candidate.id === itemId);
  return item ? updateItem(draft, part, itemId, change(item)) : draft;
};
