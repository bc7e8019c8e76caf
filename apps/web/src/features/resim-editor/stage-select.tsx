import { Select } from '@mantine/core';
import type { ScenarioContent } from '@resim/domain';
import { optionsOf } from './editor-types';
import { memoField } from './memo-fields';

/** The stage an item belongs to; none means it is offered in every stage. */
export const StageSelect = memoField(
  (props: {
    label: string;
    content: ScenarioContent;
    value: string | null;
    readOnly: boolean;
    onChange: (stageId: string | null) => void;
  }) => (
    <Select
      label={props.label}
      description="None: offered whatever stage is open."
      data={optionsOf(props.content.stages)}
      value={props.value}
      onChange={props.onChange}
      placeholder="No stage"
      clearable={!props.readOnly}
      // Picking the chosen stage again keeps it; the clear button is the way to none.
      allowDeselect={false}
      readOnly={props.readOnly}
    />
  ),
  // Only the stages are shown: a change elsewhere in the scenario leaves the field as it is.
  { content: (a, b) => a.stages === b.stages },
);

/** Where a new item goes: beside the one chosen, else in the default stage, else the first. */
export const stageForNewItem = (content: ScenarioContent, besideStage: string | null | undefined): string | null =>
  besideStage ?? content.stages.find((stage) => stage.default)?.id ?? content.stages[0]?.id ?? null;
