import { Button, Group, Modal, MultiSelect, Stack, TagsInput, Text } from '@mantine/core';
import { maxTagsPerRequest } from '@resim/contracts';
import { useState } from 'react';
import { learnersCount } from './learner-names';
import { suggestTypedTags } from './tag-suggestions';
import { tagsError } from './tags-error';
import { RefusalAlert } from './refusal-alert';

export type TagMode = 'add' | 'remove';

/** The form of the tag modal, mounted afresh each time it opens. */
const TagForm = (props: {
  mode: TagMode;
  count: number;
  /** add: every tag of the space, to pick from; remove: the tags the selected learners have */
  tags: readonly string[];
  pending: boolean;
  error: string | null;
  onSubmit: (tags: string[]) => void;
  onClose: () => void;
}) => {
  const [tags, setTags] = useState<string[]>([]);
  const invalid = tagsError(tags);
  const label = props.mode === 'add' ? 'Tags to add' : 'Tags to remove';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (tags.length > 0 && !invalid) props.onSubmit(tags);
      }}
    >
      <Stack gap="md">
        {props.mode === 'add' ? (
          <TagsInput
            label={label}
            description="Type a tag and press Enter; tags the space already uses are suggested as you type."
            data={[...props.tags]}
            filter={suggestTypedTags}
            value={tags}
            onChange={setTags}
            maxTags={maxTagsPerRequest}
            error={invalid}
            clearable
            data-autofocus
          />
        ) : (
          <MultiSelect
            label={label}
            data={[...props.tags]}
            value={tags}
            onChange={setTags}
            searchable
            nothingFoundMessage="None of the selected learners has this tag"
            data-autofocus
          />
        )}
        <RefusalAlert error={props.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={props.pending} disabled={tags.length === 0 || invalid !== null}>
            {props.mode === 'add' ? 'Add' : 'Remove'} {tags.length === 1 ? 'tag' : 'tags'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Adds tags to the selected learners, or removes some of theirs. */
export const TagLearnersModal = (props: {
  mode: TagMode | null;
  count: number;
  tags: readonly string[];
  pending: boolean;
  error: string | null;
  onSubmit: (tags: string[]) => void;
  onClose: () => void;
}) => (
  <Modal
    opened={props.mode !== null}
    onClose={props.onClose}
    title={
      <Text fw={600}>
        {props.mode === 'remove' ? 'Remove tags from' : 'Tag'} {learnersCount(props.count)}
      </Text>
    }
    size="md"
  >
    {props.mode === null ? null : <TagForm {...props} mode={props.mode} />}
  </Modal>
);
