import { Badge, Group, List, Stack, Text, Title } from '@mantine/core';
import type { GameScore } from '@resim/contracts';
import { inSentence, pluralLabel, type TextSet } from '@resim/domain';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { capitalise } from '../../ui/format';

type Feedback = NonNullable<GameScore['feedback']>;

const Part = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap={4} component="section" aria-label={title}>
    <Text fz="sm" fw={600}>
      {title}
    </Text>
    {children}
  </Stack>
);

const Items = ({ items, icon }: { items: readonly { id: string; name: string }[]; icon: ReactNode }) => (
  <List spacing={2} icon={icon} center fz="sm">
    {items.map((item) => (
      <List.Item key={item.id}>{item.name}</List.Item>
    ))}
  </List>
);

/**
 * The answer key's verdict on the run, item by item, so the learner learns from it: the required
 * actions missed, the unnecessary and harmful ones run, and whether each conclusion was right.
 */
export const RunFeedback = ({ feedback, text }: { feedback: Feedback; text: TextSet }) => {
  const actions = inSentence(text.actions);
  const conclusion = inSentence(text.conclusion);
  const wrong = feedback.conclusionsConfirmed.some((item) => !item.correct);
  const missedRight = feedback.correctConclusions.filter(
    (item) => !feedback.conclusionsConfirmed.some((confirmed) => confirmed.id === item.id),
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="run-feedback">
      <Title order={2} fz="md" id="run-feedback">
        How you did
      </Title>
      <Part title={`Required ${actions} missed`}>
        {feedback.requiredActionsMissed.length === 0 ? (
          <Text fz="sm" c="dimmed">
            None: you ran every required one.
          </Text>
        ) : (
          <Items items={feedback.requiredActionsMissed} icon={<IconMinus size={16} color="var(--mantine-color-orange-7)" aria-hidden />} />
        )}
      </Part>
      {feedback.unnecessaryActionsRun.length > 0 ? (
        <Part title={`Unnecessary ${actions} run`}>
          <Items items={feedback.unnecessaryActionsRun} icon={<IconMinus size={16} color="var(--mantine-color-yellow-8)" aria-hidden />} />
        </Part>
      ) : null}
      {feedback.harmfulActionsRun.length > 0 ? (
        <Part title={`Harmful ${actions} run`}>
          <Items items={feedback.harmfulActionsRun} icon={<IconAlertTriangle size={16} color="var(--mantine-color-red-7)" aria-hidden />} />
        </Part>
      ) : null}
      <Part title={capitalise(pluralLabel(text.conclusion))}>
        {feedback.conclusionsConfirmed.length === 0 ? (
          <Text fz="sm" c="dimmed">
            You confirmed no {conclusion}.
          </Text>
        ) : (
          <Stack gap={4}>
            {feedback.conclusionsConfirmed.map((item) => (
              <Group key={item.id} gap="xs" wrap="nowrap">
                {item.correct ? (
                  <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
                ) : (
                  <IconCircleX size={16} color="var(--mantine-color-red-7)" aria-hidden />
                )}
                <Text fz="sm">{item.name}</Text>
                <Badge size="sm" variant="light" color={item.correct ? 'teal' : 'red'}>
                  {item.correct ? 'Right' : 'Wrong'}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
        {(wrong || feedback.conclusionsConfirmed.length === 0 || missedRight.length > 0) && feedback.correctConclusions.length > 0 ? (
          <Text fz="sm">
            The correct {conclusion}: <b>{feedback.correctConclusions.map((item) => item.name).join(', ')}</b>
          </Text>
        ) : null}
      </Part>
    </Stack>
  );
};
