import { Select } from '@mantine/core';
import type { Space } from '@resim/contracts';
import { IconFolder } from '@tabler/icons-react';

/** Which space's learners are shown: any space the user can open. */
export const SpacePicker = (props: { spaces: readonly Space[]; value: string | null; onChange: (spaceId: string) => void }) => (
  <Select
    aria-label="Space"
    placeholder="Choose a space"
    data={props.spaces.map((space) => ({ value: space.id, label: space.description }))}
    value={props.value}
    onChange={(spaceId) => {
      if (spaceId) props.onChange(spaceId);
    }}
    allowDeselect={false}
    searchable={props.spaces.length > 8}
    nothingFoundMessage="No such space"
    leftSection={<IconFolder size={16} />}
    w={300}
    maw="100%"
  />
);
