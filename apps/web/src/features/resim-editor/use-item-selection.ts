import type { ScenarioContent, ScenarioPart } from '@resim/domain';
import { useState } from 'react';
import { updateItem } from './draft-updates';
import type { ChangeContent } from './editor-types';
import { selectedOf } from './item-list';

type ItemOf<P extends ScenarioPart> = ScenarioContent[P][number];

/**
 * The chosen item of one part of the scenario, and the changes a panel makes to it: update its
 * fields (keystrokes in one field undo together) and add a new one, which becomes the chosen one.
 */
export const useItemSelection = <P extends ScenarioPart>(options: {
  content: ScenarioContent;
  part: P;
  onChange: ChangeContent;
  focusId?: string | null | undefined;
  create: (content: ScenarioContent) => ItemOf<P>;
}) => {
  const { content, part, onChange } = options;
  const [selectedId, select] = useState<string | null>(options.focusId ?? null);
  const selected: ItemOf<P> | undefined = selectedOf(content[part] as readonly ItemOf<P>[], selectedId);

  const update = (fields: Partial<ItemOf<P>>, field?: string) => {
    if (selected) onChange((draft) => updateItem(draft, part, selected.id, fields), field ? `${part}/${selected.id}/${field}` : undefined);
  };
  const add = () => {
    const item = options.create(content);
    onChange((draft) => ({ ...draft, [part]: [...draft[part], item] }));
    select(item.id);
  };
  return { selected, select, update, add };
};
