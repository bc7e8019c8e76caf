import { Checkbox, Grid, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { pluralLabel, resolveTextSet, type ActionMark } from '@resim/domain';
import { useId, type ReactNode } from 'react';
import { capitalise } from '../../ui/format';
import { markAction, markOf } from './answer-marks';
import { singularLabel, type PanelProps } from './editor-types';
import { PassMarkSection } from './pass-mark-section';

const notMarked = 'none';
const marks: readonly { value: ActionMark | typeof notMarked; label: string }[] = [
  { value: 'actions', label: 'Required' },
  { value: 'unnecessaryActions', label: 'Unnecessary' },
  { value: 'harmfulActions', label: 'Harmful' },
  { value: notMarked, label: 'Not marked' },
];

/**
 * The answer key: each test marked required, unnecessary or harmful (or not at all), and the
 * diagnoses that are right; the learner's end screen teaches from it item by item. The pass mark
 * sits beside it, as its musts are the key's required and harmful tests.
 */
export const AnswersPanel = ({ content, readOnly, onChange }: PanelProps) => {
  const labels = resolveTextSet(content);
  const headingId = useId();
  const stageName = (stageId: string | null) => content.stages.find((stage) => stage.id === stageId)?.name ?? 'No stage';
  const mark = (actionId: string, value: string) =>
    onChange((draft) => {
      const order = draft.actions.map((item) => item.id);
      const chosen = marks.find((option) => option.value === value)?.value ?? notMarked;
      return { ...draft, answers: markAction(draft.answers, order, actionId, chosen === notMarked ? null : chosen) };
    });
  const setConclusions = (ids: string[]) =>
    onChange((draft) => {
      // The key keeps the scenario's order, whatever order the boxes were ticked in.
      const order = draft.conclusions.map((item) => item.id);
      return { ...draft, answers: { ...draft.answers, conclusions: order.filter((id) => ids.includes(id)) } };
    });

  const column = (title: string, list: 'actions' | 'conclusions', empty: string, body: ReactNode) => (
    <Paper radius="md" p="lg" h="100%">
      <Stack gap="sm">
        <Title order={2} fz="md" fw={600} id={`${headingId}-${list}`}>
          {title}
        </Title>
        {content[list].length === 0 ? (
          <Text fz="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          body
        )}
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        The answer key: how each {singularLabel(labels.actions)} counts and which {pluralLabel(labels.conclusion)} are right. Learners see
        it item by item at the end (in a live session once it is stopped).
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {column(
            capitalise(labels.actions),
            'actions',
            `No ${labels.actions} yet.`,
            <Stack gap="md" mt={4} role="group" aria-labelledby={`${headingId}-actions`}>
              {content.actions.map((item) => (
                <Radio.Group
                  key={item.id}
                  label={item.name || item.id}
                  description={stageName(item.stage)}
                  value={markOf(content.answers, item.id) ?? notMarked}
                  onChange={(value) => mark(item.id, value)}
                  readOnly={readOnly}
                >
                  <Group gap="md" mt={6}>
                    {marks.map((option) => (
                      <Radio key={option.value} value={option.value} label={option.label} disabled={readOnly} />
                    ))}
                  </Group>
                </Radio.Group>
              ))}
            </Stack>,
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {column(
            `${capitalise(pluralLabel(labels.conclusion))} that are right`,
            'conclusions',
            `No ${pluralLabel(labels.conclusion)} yet.`,
            <Checkbox.Group value={[...content.answers.conclusions]} onChange={setConclusions}>
              <Stack gap="sm" mt={4} role="group" aria-labelledby={`${headingId}-conclusions`}>
                {content.conclusions.map((item) => (
                  <Checkbox
                    key={item.id}
                    value={item.id}
                    label={item.name || item.id}
                    description={stageName(item.stage)}
                    disabled={readOnly}
                  />
                ))}
              </Stack>
            </Checkbox.Group>,
          )}
        </Grid.Col>
      </Grid>
      <PassMarkSection content={content} readOnly={readOnly} onChange={onChange} />
    </Stack>
  );
};
