import { Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { TextInput } from './form-fields';
import { schedulePhase, scheduleProblems, type OverviewMedia } from '@resim/domain';
import { IconCalendarEvent } from '@tabler/icons-react';
import { optionsOf, type PanelProps } from './editor-types';
import { fromLocalInput, toLocalInput } from './local-time';
import { descriptionMedia, MediaFields } from './media-list-input';

const phases = {
  unscheduled: { label: 'No schedule: playable whenever it is open', color: 'gray' },
  before: { label: 'Not open yet', color: 'yellow' },
  open: { label: 'Within its schedule now', color: 'teal' },
  after: { label: 'Its schedule has ended', color: 'red' },
} as const;

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Overview and schedule (SPEC 2, 3): when the scenario may be played, and the images, videos and
 * files of its overview, each shown in every stage or only in those chosen.
 */
export const OverviewPanel = ({ content, readOnly, onChange }: PanelProps) => {
  const problems = scheduleProblems(content);
  const endProblem = problems.find((problem) => problem.startsWith('scheduleEnd'))?.replace(/^scheduleEnd: /, '');
  const phase = phases[schedulePhase(content, new Date())];
  const stages = optionsOf(content.stages);
  const setTime = (key: 'scheduleStart' | 'scheduleEnd', value: string) =>
    onChange((draft) => ({ ...draft, [key]: fromLocalInput(value) }), key);
  return (
    <Stack gap="md">
      <Paper radius="md" p="lg">
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="md" fw={600}>
              Schedule
            </Title>
            <Badge variant="light" color={phase.color} radius="sm" tt="none" fw={500} leftSection={<IconCalendarEvent size={12} />}>
              {phase.label}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            Learners may play between these times. Leave either empty for no limit on that side. Times are in your time zone ({timeZone}).
          </Text>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                type="datetime-local"
                label="Opens"
                value={toLocalInput(content.scheduleStart)}
                onChange={(event) => setTime('scheduleStart', event.currentTarget.value)}
                readOnly={readOnly}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                type="datetime-local"
                label="Closes"
                value={toLocalInput(content.scheduleEnd)}
                onChange={(event) => setTime('scheduleEnd', event.currentTarget.value)}
                error={endProblem}
                readOnly={readOnly}
              />
            </Grid.Col>
          </Grid>
        </Stack>
      </Paper>
      <Paper radius="md" p="lg">
        <Stack gap="sm">
          <div>
            <Title order={2} fz="md" fw={600}>
              Overview media
            </Title>
            <Text fz="sm" c="dimmed">
              Shown with the scenario&apos;s description. Limit one to some stages with “Shown in”; a stage an item is limited to cannot be
              deleted while it is.
            </Text>
          </div>
          <MediaFields<typeof descriptionMedia, OverviewMedia>
            owner="overview"
            item={content}
            keys={descriptionMedia}
            label="Overview"
            stages={stages}
            readOnly={readOnly}
            onChange={(key, change) => onChange((draft) => ({ ...draft, [key]: change(draft[key]) }))}
          />
        </Stack>
      </Paper>
    </Stack>
  );
};
