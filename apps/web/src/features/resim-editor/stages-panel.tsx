import { Accordion, ActionIcon, Alert, Badge, Button, Group, Modal, Select, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { Textarea, TextInput } from './form-fields';
import {
  addStage,
  deleteStage,
  newStage,
  pluralLabel,
  resolveTextSet,
  setDefaultStage,
  startingStages,
  stageDeletionProblems,
  textSetUnderneath,
  type RequirementSet,
  type ScenarioContent,
  type Stage,
} from '@resim/domain';
import { IconAlertCircle, IconFlag, IconSettings, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showDanger } from '../../app/notify';
import { ActivatorsInput } from './activators-input';
import { updateItem, updateItemFrom } from './draft-updates';
import { ItemList, selectedOf } from './item-list';
import { descriptionMedia, MediaFields } from './media-list-input';
import { RequirementSetInput } from './requirement-set-input';
import { StageGroupsModal } from './stage-groups';
import { StageOrder } from './stage-order';
import { InsertStageTemplateButton, SaveStageTemplateButton } from './stage-templates';
import { UiTextInput } from './ui-text-input';
import { countOf, optionsOf, type PanelProps } from './editor-types';

type RequirementKey = 'requiredStages' | 'requiredActions' | 'requiredConclusions';

/**
 * SPEC 5: an antibody panel is never the default stage. Marking the default stage as one hands
 * the default to the first other stage that may hold it.
 */
const setAntibodyPanel = (draft: ScenarioContent, stageId: string, on: boolean): ScenarioContent => {
  const target = draft.stages.find((stage) => stage.id === stageId);
  if (!target) return draft;
  if (!on) return updateItem(draft, 'stages', stageId, { isAntibodyPanel: false });
  const marked = updateItem(draft, 'stages', stageId, { isAntibodyPanel: true, default: false });
  const successor = target.default ? marked.stages.find((stage) => !stage.isAntibodyPanel) : undefined;
  return successor ? setDefaultStage(marked, successor.id) : marked;
};

/** Stages: the steps (tasks) of a run, when they open, and which one opens first. */
export const StagesPanel = ({ content, readOnly, onChange, focusId }: PanelProps) => {
  const [selectedId, setSelectedId] = useState<string | null>(focusId ?? null);
  const [confirming, setConfirming] = useState<Stage | null>(null);
  const [problems, setProblems] = useState<{ stageId: string; messages: string[] } | null>(null);
  const [groupsOpened, setGroupsOpened] = useState(false);
  const selected = selectedOf(content.stages, selectedId);
  const labels = resolveTextSet(content, selected?.id);
  const update = (fields: Partial<Stage>, field?: string) => {
    if (selected)
      onChange((draft) => updateItem(draft, 'stages', selected.id, fields), field ? `stages/${selected.id}/${field}` : undefined);
  };
  /** For fields that hold a list or a map: changes them as they are in the draft, which may be ahead of what is shown. */
  const updateFrom = (change: (stage: Stage) => Partial<Stage>, field?: string) => {
    if (selected)
      onChange((draft) => updateItemFrom(draft, 'stages', selected.id, change), field ? `stages/${selected.id}/${field}` : undefined);
  };
  // Tests that open this stage from their own side (their activators), shown beside the stage's own.
  const openedFromTests = selected
    ? content.actions.filter((action) => action.activators.some((activator) => (activator.stage ?? activator.id) === selected.id))
    : [];
  const groupName = (groupId: string | null) => content.stageGroups.find((group) => group.id === groupId)?.name;

  const add = () => {
    const stage = newStage(content);
    onChange((draft) => addStage(draft, stage));
    setSelectedId(stage.id);
  };

  // SPEC 5: a blocked deletion shows its danger messages word for word.
  const askDelete = (stage: Stage) => {
    const found = stageDeletionProblems(content, stage.id);
    if (found.length > 0) {
      found.forEach(showDanger);
      setProblems({ stageId: stage.id, messages: found });
      return;
    }
    setProblems(null);
    setConfirming(stage);
  };

  const confirmDelete = () => {
    if (!confirming) return;
    const stageId = confirming.id;
    onChange((draft) => {
      const result = deleteStage(draft, stageId);
      return result.ok ? result.content : draft;
    });
    setConfirming(null);
  };

  const setRequirement = (key: RequirementKey, value: RequirementSet) => update({ [key]: value });

  const counts = (stage: Stage): string => {
    const stageLabels = resolveTextSet(content, stage.id);
    const actions = content.actions.filter((action) => action.stage === stage.id).length;
    const conclusions = content.conclusions.filter((conclusion) => conclusion.stage === stage.id).length;
    return `${countOf(actions, 'actions', stageLabels)} · ${countOf(conclusions, 'conclusions', stageLabels)}`;
  };

  return (
    <>
      <StageOrder content={content} readOnly={readOnly} onChange={onChange} />
      <ItemList
        title="Stages"
        description={`The steps of a run. Learners see a stage as a “${resolveTextSet(content).stage}”.`}
        items={content.stages.map((stage) => ({
          id: stage.id,
          name: stage.name,
          hint: [groupName(stage.stageGroup), counts(stage)].filter(Boolean).join(' · '),
          badges: [
            stage.default ? (
              <Badge key="default" size="xs" variant="light" color="blue" radius="sm">
                Default
              </Badge>
            ) : null,
            stage.isAntibodyPanel ? (
              <Badge key="panel" size="xs" variant="light" color="grape" radius="sm">
                Panel
              </Badge>
            ) : null,
          ].filter(Boolean),
        }))}
        selectedId={selected?.id ?? null}
        onSelect={(id) => {
          setSelectedId(id);
          setProblems(null);
        }}
        addLabel="Add stage"
        onAdd={readOnly ? null : add}
        extraActions={
          readOnly ? null : (
            <InsertStageTemplateButton
              content={content}
              onInsert={(next, stageId) => {
                onChange(() => next);
                setSelectedId(stageId);
              }}
            />
          )
        }
        emptyTitle="No stages yet"
        emptyText="A stage groups tests and diagnoses into a step of the run. The first one you add is the default stage, open when a run starts, as is every stage without requirements."
      >
        {selected ? (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <TextInput
                label="Stage name"
                value={selected.name}
                onChange={(event) => update({ name: event.currentTarget.value }, 'name')}
                maxLength={200}
                readOnly={readOnly}
                style={{ flex: 1 }}
              />
              <Text fz="xs" c="dimmed" mt={30} ff="monospace">
                {selected.id}
              </Text>
            </Group>
            <Group gap="xl" align="flex-start">
              {selected.default ? (
                <Badge leftSection={<IconFlag size={12} />} variant="light" size="lg" radius="sm" tt="none" fw={500} mt={2}>
                  Default stage: open when a run starts
                </Badge>
              ) : readOnly ? null : (
                <Tooltip label="An antibody panel is never the default stage." disabled={!selected.isAntibodyPanel}>
                  <span>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconFlag size={14} />}
                      disabled={selected.isAntibodyPanel}
                      onClick={() => onChange((draft) => setDefaultStage(draft, selected.id))}
                    >
                      Make default stage
                    </Button>
                  </span>
                </Tooltip>
              )}
              <Switch
                label="Antibody panel"
                description="Shown as a panel beside the run, not as a step."
                checked={selected.isAntibodyPanel}
                disabled={readOnly}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  onChange((draft) => setAntibodyPanel(draft, selected.id, on));
                }}
              />
            </Group>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Select
                label="Stage group"
                data={optionsOf(content.stageGroups)}
                value={selected.stageGroup}
                onChange={(stageGroup) => update({ stageGroup })}
                placeholder={content.stageGroups.length === 0 ? 'No groups yet' : 'No group'}
                clearable={!readOnly}
                allowDeselect={false}
                readOnly={readOnly}
                style={{ flex: 1 }}
              />
              {readOnly ? null : (
                <Tooltip label="Manage stage groups">
                  <ActionIcon variant="default" size="lg" mb={1} aria-label="Manage stage groups" onClick={() => setGroupsOpened(true)}>
                    <IconSettings size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <Textarea
              label="Description"
              description={`What learners read when this ${labels.stage.toLowerCase()} opens.`}
              value={selected.description}
              onChange={(event) => update({ description: event.currentTarget.value }, 'description')}
              autosize
              minRows={2}
              maxRows={10}
              readOnly={readOnly}
            />
            <Text fz="sm" fw={600} mt="xs">
              Opens when
            </Text>
            {startingStages(content).some((stage) => stage.id === selected.id) ? (
              <Text fz="xs" c="dimmed">
                {selected.default
                  ? 'This is the default stage: it opens when a run starts.'
                  : 'It opens when a run starts, as it asks for nothing and nothing opens it. Give it a requirement to open it later.'}
              </Text>
            ) : null}
            <RequirementSetInput
              legend="Required stages"
              value={selected.requiredStages}
              options={optionsOf(content.stages, selected.id)}
              readOnly={readOnly}
              onChange={(value) => setRequirement('requiredStages', value)}
            />
            <RequirementSetInput
              legend={`Required ${labels.actions}`}
              value={selected.requiredActions}
              options={optionsOf(content.actions)}
              readOnly={readOnly}
              onChange={(value) => setRequirement('requiredActions', value)}
            />
            <RequirementSetInput
              legend={`Required ${pluralLabel(labels.conclusion)}`}
              value={selected.requiredConclusions}
              options={optionsOf(content.conclusions)}
              readOnly={readOnly}
              onChange={(value) => setRequirement('requiredConclusions', value)}
            />
            <ActivatorsInput
              legend="Opened early by"
              description={`Running any of these ${labels.actions} opens this ${labels.stage.toLowerCase()}, whatever the requirements above.`}
              value={selected.activators}
              options={content.actions.map((action) => ({ value: action.id, label: action.name || action.id, stage: action.stage }))}
              readOnly={readOnly}
              onChange={(activators) => update({ activators })}
            />
            {openedFromTests.length > 0 ? (
              <Text fz="xs" c="dimmed">
                Also opened by {openedFromTests.map((action) => action.name || action.id).join(', ')}, as set on{' '}
                {openedFromTests.length === 1 ? 'that test' : 'those tests'}.
              </Text>
            ) : null}
            <Accordion variant="separated" radius="md" multiple>
              <Accordion.Item value="media">
                <Accordion.Control>Description media</Accordion.Control>
                <Accordion.Panel>
                  <MediaFields
                    owner={selected.id}
                    item={selected}
                    keys={descriptionMedia}
                    label="Description"
                    readOnly={readOnly}
                    onChange={(key, change) => updateFrom((stage) => ({ [key]: change(stage[key]) }))}
                  />
                </Accordion.Panel>
              </Accordion.Item>
              <Accordion.Item value="wording">
                <Accordion.Control>
                  Wording in this {labels.stage.toLowerCase()}
                  {Object.keys(selected.uiText).length > 0 ? (
                    <Badge size="xs" variant="light" radius="sm" ml="xs">
                      {Object.keys(selected.uiText).length} changed
                    </Badge>
                  ) : null}
                </Accordion.Control>
                <Accordion.Panel>
                  <UiTextInput
                    value={selected.uiText}
                    underneath={textSetUnderneath(content, selected.id)}
                    readOnly={readOnly}
                    onChange={(change, field) =>
                      updateFrom((stage) => ({ uiText: change(stage.uiText) }), field ? `uiText/${field}` : undefined)
                    }
                  />
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
            {problems?.stageId === selected.id ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="This stage cannot be deleted">
                <Stack gap={4}>
                  {problems.messages.map((message) => (
                    <Text key={message} fz="sm">
                      {message}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            {readOnly ? null : (
              <Group justify="space-between">
                <SaveStageTemplateButton content={content} stageId={selected.id} />
                <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => askDelete(selected)}>
                  Delete stage
                </Button>
              </Group>
            )}
          </Stack>
        ) : null}
      </ItemList>
      <StageGroupsModal opened={groupsOpened} onClose={() => setGroupsOpened(false)} content={content} onChange={onChange} />
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={<Text fw={600}>Delete stage</Text>}>
        <Stack gap="lg">
          <Text fz="sm">
            Delete the stage <strong>{confirming?.name || confirming?.id}</strong>? You can undo this until you leave the editor.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={confirmDelete}>
              Delete stage
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
};
