import { Stack, Textarea, TextInput } from '@mantine/core';
import { newBaseline, resolveTextSet, type Baseline } from '@resim/domain';
import { useState } from 'react';
import { DeleteItemButton } from './delete-item-button';
import { updateItem } from './draft-updates';
import type { PanelProps } from './editor-types';
import { ItemList, selectedOf } from './item-list';
import { factMedia, MediaFields } from './media-list-input';

/** Baseline (SPEC 3): the facts a learner has from the start of a run, before running anything. */
export const BaselinePanel = ({ content, readOnly, onChange, focusId }: PanelProps) => {
  const [selectedId, setSelectedId] = useState<string | null>(focusId ?? null);
  const selected = selectedOf(content.baseline, selectedId);
  const labels = resolveTextSet(content);

  const update = (fields: Partial<Baseline>, field?: string) => {
    if (selected)
      onChange((draft) => updateItem(draft, 'baseline', selected.id, fields), field ? `baseline/${selected.id}/${field}` : undefined);
  };
  const add = () => {
    const baseline = newBaseline(content);
    onChange((draft) => ({ ...draft, baseline: [...draft.baseline, baseline] }));
    setSelectedId(baseline.id);
  };

  return (
    <ItemList
      title="Baseline"
      description={`What a learner knows from the start: shown among the ${labels.facts.toLowerCase()} before anything is run.`}
      items={content.baseline.map((baseline) => ({
        id: baseline.id,
        name: baseline.name,
        hint: baseline.facts.split('\n')[0]?.slice(0, 60),
      }))}
      selectedId={selected?.id ?? null}
      onSelect={setSelectedId}
      addLabel="Add baseline"
      onAdd={readOnly ? null : add}
      emptyTitle="No baseline yet"
      emptyText="Add what learners know when the run starts: observations, history, a first image."
    >
      {selected ? (
        <Stack gap="md">
          <TextInput
            label="Name"
            value={selected.name}
            onChange={(event) => update({ name: event.currentTarget.value }, 'name')}
            maxLength={200}
            readOnly={readOnly}
          />
          <Textarea
            label={labels.facts}
            description="Known from the start."
            value={selected.facts}
            onChange={(event) => update({ facts: event.currentTarget.value }, 'facts')}
            autosize
            minRows={4}
            maxRows={16}
            maxLength={20_000}
            readOnly={readOnly}
          />
          <MediaFields item={selected} keys={factMedia} label="Baseline" readOnly={readOnly} onChange={update} />
          {readOnly ? null : (
            <DeleteItemButton
              label={`Delete ${selected.name || selected.id}`}
              buttonLabel="Delete baseline"
              message="You can undo this until you leave the editor."
              onConfirm={() => onChange((draft) => ({ ...draft, baseline: draft.baseline.filter((item) => item.id !== selected.id) }))}
            />
          )}
        </Stack>
      ) : null}
    </ItemList>
  );
};
