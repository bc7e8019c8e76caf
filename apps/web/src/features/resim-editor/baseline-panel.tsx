import { Stack } from '@mantine/core';
import { Textarea } from './form-fields';
import { newBaseline, resolveTextSet } from '@resim/domain';
import { DeleteItemButton } from './delete-item-button';
import { useItemSelection } from './use-item-selection';
import { ItemNameInput } from './item-fields';
import type { PanelProps } from './editor-types';
import { ItemList } from './item-list';
import { factMedia, MediaFields } from './media-list-input';

/** Baseline (SPEC 3): the facts a learner has from the start of a run, before running anything. */
export const BaselinePanel = ({ content, readOnly, onChange, focusId }: PanelProps) => {
  const { selected, select, update, updateFrom, add } = useItemSelection({
    content,
    part: 'baseline',
    onChange,
    focusId,
    create: newBaseline,
  });
  const labels = resolveTextSet(content);

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
      onSelect={select}
      addLabel="Add baseline"
      onAdd={readOnly ? null : add}
      emptyTitle="No baseline yet"
      emptyText="Add what learners know when the run starts: observations, history, a first image."
    >
      {selected ? (
        <Stack gap="md">
          <ItemNameInput name={selected.name} readOnly={readOnly} update={update} />
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
          <MediaFields
            owner={selected.id}
            item={selected}
            keys={factMedia}
            label="Baseline"
            readOnly={readOnly}
            onChange={(key, change) => updateFrom((baseline) => ({ [key]: change(baseline[key]) }))}
          />
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
