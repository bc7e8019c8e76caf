import { Box, Group, Stack, Text } from '@mantine/core';
import type { BoardLearner } from '@resim/contracts';
import { formatPoints } from './results-format';

const barsShown = 20;

/**
 * Points per learner as horizontal bars, the leaders first. Plain boxes rather than a chart
 * library: twenty bars do not justify one.
 */
export const PointsChart = ({ learners }: { learners: readonly BoardLearner[] }) => {
  const scored = learners.filter((learner) => learner.points !== null).slice(0, barsShown);
  if (scored.length === 0) return null;
  // Bars start at zero; a negative score shows no bar, only its figure.
  const top = Math.max(1, ...scored.map((learner) => learner.points ?? 0));
  return (
    <Stack gap={6} component="ol" aria-label="Points per learner" p={0} m={0} style={{ listStyle: 'none' }}>
      {scored.map((learner) => {
        const points = learner.points ?? 0;
        return (
          <Group key={learner.gameId} component="li" gap="sm" wrap="nowrap">
            <Text fz="sm" w={140} truncate="end" style={{ flex: 'none' }}>
              {learner.nickname}
            </Text>
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Box
                h={14}
                bg="indigo.5"
                style={{ width: `${(Math.max(0, points) / top) * 100}%`, borderRadius: 'var(--mantine-radius-sm)' }}
              />
            </Box>
            <Text fz="sm" fw={600} w={48} ta="right" style={{ flex: 'none' }}>
              {formatPoints(learner.points)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
};
