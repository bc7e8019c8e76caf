import { Alert, Button, Group, Loader, Modal, Paper, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import type { StageTemplate } from '@resim/contracts';
import { insertStageTemplate, resolveTextSet, stageTemplateOf, type ScenarioContent, type TextSet } from '@resim/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconSearch, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import { queryKeys } from '../../api/query-keys';
import { showSuccess } from '../../app/notify';
import { formatDate } from '../../ui/format';
import { countOf } from './editor-types';

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Saves a stage with its tests and diagnoses as one of the author's stage templates. */
export const SaveStageTemplateButton = ({ content, stageId }: { content: ScenarioContent; stageId: string }) => {
  const api = useApi();
  const queryClient = useQueryClient();
  const stage = content.stages.find((candidate) => candidate.id === stageId);
  const [name, setName] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (templateName: string) => {
      const template = stageTemplateOf(content, stageId);
      if (!template) throw new Error('The stage is gone');
      return api.stageTemplates.create({ name: templateName, ...template });
    },
    onSuccess: (template) => {
      setName(null);
      showSuccess(`Saved “${template.name}” as a stage template`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.stageTemplates });
    },
  });
  if (!stage) return null;
  const template = stageTemplateOf(content, stageId);
  const labels = resolveTextSet(content, stageId);
  const trimmed = name?.trim() ?? '';
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconTemplate size={14} />}
        onClick={() => {
          save.reset();
          setName(stage.name);
        }}
      >
        Save as template
      </Button>
      <Modal opened={name !== null} onClose={() => setName(null)} title={<Text fw={600}>Save stage as template</Text>}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (trimmed !== '') save.mutate(trimmed);
          }}
        >
          <Stack gap="md">
            <Text fz="sm">
              The stage with its {countOf(template?.actions.length ?? 0, 'actions', labels)} and{' '}
              {countOf(template?.conclusions.length ?? 0, 'conclusions', labels)}, ready to insert into any scenario. Links to other stages
              are left out.
            </Text>
            <TextInput
              label="Template name"
              value={name ?? ''}
              onChange={(event) => setName(event.currentTarget.value)}
              error={name !== null && trimmed === '' ? 'Give the template a name' : null}
              maxLength={200}
              data-autofocus
            />
            {save.error ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
                {errorText(save.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setName(null)}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending} disabled={trimmed === ''}>
                Save template
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
};

const TemplateRow = ({ template, labels, onInsert }: { template: StageTemplate; labels: TextSet; onInsert: () => void }) => (
  <Paper withBorder radius="md" p="sm" role="listitem">
    <Group justify="space-between" wrap="nowrap">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={500} truncate="end">
          {template.name}
        </Text>
        <Text fz="xs" c="dimmed">
          Stage “{template.stage.name}” · {countOf(template.actions.length, 'actions', labels)} ·{' '}
          {countOf(template.conclusions.length, 'conclusions', labels)} · saved {formatDate(template.created)}
        </Text>
      </Stack>
      <Button size="xs" variant="light" onClick={onInsert} aria-label={`Insert ${template.name}`}>
        Insert
      </Button>
    </Group>
  </Paper>
);

/** Inserts one of the author's stage templates as a new stage, with new ids. */
export const InsertStageTemplateButton = (props: {
  content: ScenarioContent;
  onInsert: (content: ScenarioContent, stageId: string) => void;
}) => {
  const api = useApi();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const templates = useQuery({
    queryKey: queryKeys.stageTemplates,
    queryFn: ({ signal }) => api.stageTemplates.list(signal),
    enabled: opened,
  });
  const shown = (templates.data ?? []).filter((template) => template.name.toLowerCase().includes(search.trim().toLowerCase()));
  const insert = (template: StageTemplate) => {
    try {
      const result = insertStageTemplate(props.content, template);
      props.onInsert(result.content, result.stageId);
      setOpened(false);
    } catch (error) {
      setProblem(errorText(error));
    }
  };
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconTemplate size={14} />}
        onClick={() => {
          setProblem(null);
          setSearch('');
          setOpened(true);
        }}
      >
        Insert template
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={<Text fw={600}>Insert a stage template</Text>} size="lg">
        <Stack gap="md">
          <TextInput
            placeholder="Search templates"
            aria-label="Search templates"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-autofocus
          />
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The template was not inserted">
              {problem}
            </Alert>
          ) : null}
          {templates.isPending ? (
            <Group justify="center" py="lg">
              <Loader size="sm" />
            </Group>
          ) : templates.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
              {errorText(templates.error)}
            </Alert>
          ) : shown.length === 0 ? (
            <Text fz="sm" c="dimmed" ta="center" py="lg">
              {(templates.data ?? []).length === 0
                ? 'No stage templates yet. Save a stage as a template from its settings to reuse it here.'
                : 'No template matches.'}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420}>
              <Stack gap="xs" role="list" aria-label="Stage templates">
                {shown.map((template) => (
                  <TemplateRow
                    key={template.id}
                    template={template}
                    labels={resolveTextSet(props.content)}
                    onInsert={() => insert(template)}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Stack>
      </Modal>
    </>
  );
};
