import { Stack, Text } from '@mantine/core';
import { Textarea, TextInput } from './form-fields';
import { byCount, newPage } from '@resim/domain';
import { DeleteItemButton } from './delete-item-button';
import { useItemSelection } from './use-item-selection';
import type { PanelProps } from './editor-types';
import { ItemList } from './item-list';
import { removePage } from './item-removal';

/** How long a page is: '1 word', '120 words'. */
const wordCount = (text: string): string => {
  const count = text.split(/\s+/).filter(Boolean).length;
  return `${count.toLocaleString()} ${byCount(count, 'word', 'words')}`;
};

/** Pages (SPEC 2, 3): pages of text a run can open on or show, such as a briefing or a consent form. */
export const PagesPanel = ({ content, readOnly, onChange, focusId }: PanelProps) => {
  const { selected, select, update, add } = useItemSelection({ content, part: 'pages', onChange, focusId, create: newPage });

  return (
    <ItemList
      title="Pages"
      description="Pages of text: a briefing, the rules of the session, a debrief. A run can open on one (Details & settings)."
      items={content.pages.map((page) => ({
        id: page.id,
        name: page.name,
        hint: `${wordCount(page.content)}${content.initial?.type === 'page' && content.initial.id === page.id ? ' · opens the run' : ''}`,
      }))}
      selectedId={selected?.id ?? null}
      onSelect={select}
      addLabel="Add page"
      onAdd={readOnly ? null : add}
      emptyTitle="No pages yet"
      emptyText="Add a page learners read, such as a briefing before the run starts."
    >
      {selected ? (
        <Stack gap="md">
          <TextInput
            label="Title"
            value={selected.name}
            onChange={(event) => update({ name: event.currentTarget.value }, 'name')}
            maxLength={200}
            readOnly={readOnly}
          />
          <Textarea
            label="Content"
            description="Plain text; blank lines separate paragraphs."
            value={selected.content}
            onChange={(event) => update({ content: event.currentTarget.value }, 'content')}
            autosize
            minRows={10}
            maxRows={30}
            maxLength={50_000}
            readOnly={readOnly}
          />
          <Text fz="xs" c="dimmed" ta="right">
            {selected.content.length.toLocaleString()} / 50,000 characters
          </Text>
          {readOnly ? null : (
            <DeleteItemButton
              label={`Delete ${selected.name || selected.id}`}
              buttonLabel="Delete page"
              message="If the run opens on this page, it opens on the default stage instead. You can undo this until you leave the editor."
              onConfirm={() => onChange((draft) => removePage(draft, selected.id))}
            />
          )}
        </Stack>
      ) : null}
    </ItemList>
  );
};
