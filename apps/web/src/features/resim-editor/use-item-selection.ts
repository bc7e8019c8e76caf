import type { ScenarioContent, ScenarioPart } from '@resim/domain';
import { useState } from 'react';
import { updateItem, updateItemFrom } from './draft-updates';
import type { ChangeContent } from './editor-types';
import { selectedOf } from './item-list';

type ItemOf<P extends ScenarioPart> = ScenarioContent[P][number];

/**
 * The chosen item of one part of the scenario, and the changes a panel makes to it: update its
 * fields (keystrokes in one field undo together), update a list or a map from its current value,
 * and add a new one, which becomes the chosen one.
 */
export const useItemSelection = <P extends ScenarioPart>(options: {
  content: ScenarioContent;
  part: P;
  onChange: ChangeContent;
  focusId?: string | null | undefined;
  /** a new item; `beside` is the chosen one, e.g. to put the new one in its stage */
  create: (content: ScenarioContent, beside: ItemOf<P> | undefined) => ItemOf<P>;
}) => {
  const { content, part, onChange } = options;
  const [selectedId, select] = useState<string | null>(options.focusId ?? null);
  const selected: ItemOf<P> | undefined = selectedOf(content[part] as readonly ItemOf<P>[], selectedId);

  const update = (fields: Partial<ItemOf<P>>, field?: string) => {
    if (selected) onChange((draft) => updateItem(draft, part, selected.id, fields), field ? `${part}/${selected.id}/${field}` : undefined);
  };
  /** For fields that hold a list or a map: changes them as they are in the draft, which may be ahead of what is shown. */
  const updateFrom = (change: (item: ItemOf<P>) => Partial<ItemOf<P>>, field?: string) => {
    if (selected)
      onChange((draft) => updateItemFrom(draft, part, selected.id, change), field ? `${part}/${selected.id}/${field}` : undefined);
  };
  const add = () => {
    const item = options.create(content, selected);
    onChange((draft) => ({ ...draft, [part]: [...draft[part], item] }));
    select(item.id);
  };
  return { selected, select, update, updateFrom, add };
};
