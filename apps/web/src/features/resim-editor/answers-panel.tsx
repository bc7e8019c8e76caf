import { Checkbox, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { pluralLabel, resolveTextSet } from '@resim/domain';
import { useId } from 'react';
import { capitalise } from '../../ui/format';
import type { PanelProps } from './editor-types';

type AnswerList = 'actions' | 'conclusions';

/** The answer key: the tests a learner should run and the diagnoses they should reach. */
export const AnswersPanel = ({ content, readOnly, onChange }: PanelProps) => {
  const labels = resolveTextSet(content);
  const headingId = useId();
  const stageName = (stageId: string | null) => content.stages.find((stage) => stage.id === stageId)?.name ?? 'No stage';
  const set = (list: AnswerList, ids: string[]) =>
    onChange((draft) => {
      // The key keeps the scenario's order, whatever order the boxes were ticked in.
      const order = draft[list].map((item) => item.id);
      return { ...draft, answers: { ...draft.answers, [list]: order.filter((id) => ids.includes(id)) } };
    });

  const column = (list: AnswerList, title: string, empty: string) => {
    const items = content[list];
    return (
      <Paper radius="md" p="lg" h="100%">
        <Stack gap="sm">
          <Title order={2} fz="md" fw={600} id={`${headingId}-${list}`}>
            {title}
          </Title>
          {items.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {empty}
            </Text>
          ) : (
            <Checkbox.Group value={[...content.answers[list]]} onChange={(ids) => set(list, ids)}>
              <Stack gap="sm" mt={4} role="group" aria-labelledby={`${headingId}-${list}`}>
                {items.map((item) => (
                  <Checkbox
                    key={item.id}
                    value={item.id}
                    label={item.name || item.id}
                    description={stageName(item.stage)}
                    disabled={readOnly}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </Stack>
      </Paper>
    );
  };

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        The answer key: what a learner should run and conclude. In assessed mode it is shown at the end.
      </Text>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          {column('actions', `${capitalise(labels.actions)} to run`, `No ${labels.actions} yet.`)}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          {column('conclusions', `${capitalise(pluralLabel(labels.conclusion))} to reach`, `No ${pluralLabel(labels.conclusion)} yet.`)}
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
