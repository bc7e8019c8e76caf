import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  presenterPanels,
  standardPresenterLayout,
  type PresenterPanel,
  type PresenterTheme,
  type SavedPresenterView,
} from '@resim/contracts';
import { IconAdjustments, IconDeviceFloppy, IconPlus, IconPresentation } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { showSuccess } from '../../app/notify';
import { presenterPathFor } from '../../app/routes';

const panelLabels: Record<PresenterPanel, string> = {
  join: 'Join code and QR code',
  lobby: 'Lobby: names as learners join',
  leaderboard: 'Leaderboard',
  measures: 'Measure charts',
  messages: 'Messages to learners',
};

type Draft = { name: string; panels: PresenterPanel[]; hideNames: boolean; theme: PresenterTheme; isDefault: boolean };

const draftOf = (view: SavedPresenterView | null): Draft =>
  view
    ? { name: view.name, panels: [...view.panels], hideNames: view.hideNames, theme: view.theme, isDefault: view.isDefault }
    : { name: '', panels: [...standardPresenterLayout.panels], hideNames: false, theme: standardPresenterLayout.theme, isDefault: false };

/** The scenario's saved views, read when the chooser is first shown. */
const usePresenterViews = (resimId: string) => {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.presenterViews(resimId), queryFn: ({ signal }) => api.resims.presenterViews(resimId, signal) });
};

/** A view's name, its panels, whether names are hidden, its theme; saved as a new view or over the one edited. */
const ViewEditor = ({
  resimId,
  view,
  onSaved,
  onCancel,
}: {
  resimId: string;
  view: SavedPresenterView | null;
  onSaved: (saved: SavedPresenterView) => void;
  onCancel: () => void;
}) => {
  const api = useApi();
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(view));
  const save = useMutation({
    mutationFn: () =>
      view
        ? api.resims.patchPresenterView(view.id, { ...draft, name: draft.name.trim() })
        : api.resims.createPresenterView({ resimId, ...draft, name: draft.name.trim() }),
    onSuccess: async (saved) => {
      showSuccess(`Presenter view ${saved.name} saved`);
      await client.invalidateQueries({ queryKey: queryKeys.presenterViews(resimId) });
      await client.invalidateQueries({ queryKey: ['resim', resimId, 'presenter'] });
      onSaved(saved);
    },
  });
  const ready = draft.name.trim() !== '' && draft.panels.length > 0;
  const change = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));
  return (
    <form
      aria-label={view ? `Edit the view ${view.name}` : 'New presenter view'}
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) save.mutate();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={draft.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          maxLength={80}
          required
          data-autofocus
        />
        <Checkbox.Group
          label="Panels on the display"
          value={draft.panels}
          onChange={(value) => change({ panels: presenterPanels.filter((panel) => value.includes(panel)) })}
          error={draft.panels.length === 0 ? 'Choose at least one panel' : null}
        >
          <Stack gap={6} mt={6}>
            {presenterPanels.map((panel) => (
              <Checkbox key={panel} value={panel} label={panelLabels[panel]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Switch
          label="Hide learners' names"
          description="Learners appear as Learner 1, Learner 2… in the order they joined."
          checked={draft.hideNames}
          onChange={(event) => change({ hideNames: event.currentTarget.checked })}
        />
        <Stack gap={4}>
          <Text fz="sm" fw={500} id="presenter-theme-label">
            Theme
          </Text>
          <SegmentedControl
            aria-labelledby="presenter-theme-label"
            value={draft.theme}
            onChange={(value) => change({ theme: value })}
            data={[
              { value: 'dark', label: 'Dark' },
              { value: 'light', label: 'Light' },
            ]}
            w={200}
          />
        </Stack>
        <Checkbox
          label="Show this view when the display names none"
          checked={draft.isDefault}
          onChange={(event) => change({ isDefault: event.currentTarget.checked })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!ready} leftSection={<IconDeviceFloppy size={14} />}>
            Save view
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/** Which saved view the display opens with, and the views themselves, made and changed here. */
const PresenterViewsModal = ({
  resimId,
  chosen,
  onChoose,
  onClose,
}: {
  resimId: string;
  chosen: string | null;
  onChoose: (viewId: string | null) => void;
  onClose: () => void;
}) => {
  const views = usePresenterViews(resimId);
  const [editing, setEditing] = useState<SavedPresenterView | 'new' | null>(null);
  const list = views.data ?? [];
  const standard = list.find((view) => view.isDefault)?.name ?? 'Standard layout';
  const selected = list.find((view) => view.id === chosen) ?? null;
  return (
    <Modal opened onClose={onClose} title={<Text fw={600}>Presenter views</Text>} size="lg">
      <Stack gap="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="The display shows"
            data={[
              { value: '', label: `The scenario's default (${standard})` },
              ...list.map((view) => ({ value: view.id, label: view.name })),
            ]}
            value={chosen ?? ''}
            onChange={(value) => onChoose(value ? value : null)}
            allowDeselect={false}
            disabled={views.isPending}
            w={{ base: '100%', xs: 300 }}
          />
          {selected ? (
            <Button variant="default" onClick={() => setEditing(selected)} leftSection={<IconAdjustments size={14} />}>
              Edit this view
            </Button>
          ) : null}
          <Button variant="light" onClick={() => setEditing('new')} leftSection={<IconPlus size={14} />}>
            New view
          </Button>
        </Group>
        {editing ? (
          <>
            <Divider />
            <ViewEditor
              key={editing === 'new' ? 'new' : editing.id}
              resimId={resimId}
              view={editing === 'new' ? null : editing}
              onSaved={(saved) => {
                setEditing(null);
                onChoose(saved.id);
              }}
              onCancel={() => setEditing(null)}
            />
          </>
        ) : null}
        <Divider />
        <Group justify="flex-end">
          <Button
            component="a"
            href={presenterPathFor(resimId, chosen)}
            target="_blank"
            rel="noopener"
            leftSection={<IconPresentation size={14} />}
          >
            Open the display
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/** DESIGN 1: the presenter display for the room, opened through the saved view chosen here. */
export const PresenterDisplayLauncher = ({ resimId }: { resimId: string }) => {
  const [chosen, setChosen] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <Tooltip label="Open the display for the room in a new window">
        <Button
          component="a"
          href={presenterPathFor(resimId, chosen)}
          target="_blank"
          rel="noopener"
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPresentation size={14} />}
        >
          Presenter display
        </Button>
      </Tooltip>
      <Tooltip label="Choose or change what the display shows">
        <ActionIcon variant="subtle" size="sm" onClick={() => setChoosing(true)} aria-label="Presenter views">
          <IconAdjustments size={14} />
        </ActionIcon>
      </Tooltip>
      {choosing ? <PresenterViewsModal resimId={resimId} chosen={chosen} onChoose={setChosen} onClose={() => setChoosing(false)} /> : null}
    </>
  );
};
