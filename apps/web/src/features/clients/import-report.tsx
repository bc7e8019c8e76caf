import { Alert, Box, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { maxLearnersPerRequest } from '@resim/contracts';
import { IconAlertTriangle, IconCircleCheck, IconClockPlus, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { duplicatesOf, type LearnerImport } from './learner-import';
import { learnersCount } from './learner-names';

// Enough to fix a file by; past this the count says how many more.
const listedAtMost = 100;

const more = (total: number) =>
  total > listedAtMost ? (
    <Text fz="xs" c="dimmed" mt={4}>
      and {(total - listedAtMost).toLocaleString()} more
    </Text>
  ) : null;

/** Before anything is saved: what will be added, what was merged, and every bad line with why. */
export const ImportReport = ({ read, alreadyThere }: { read: LearnerImport; alreadyThere: number }) => {
  const duplicates = duplicatesOf(read);
  const fresh = read.learners.length - alreadyThere;
  const bad = read.problems.length;
  const accommodated = read.learners.filter((learner) => learner.accommodation).length;
  return (
    <Stack gap="sm" component="section" aria-label="What will be added">
      <List spacing={4} fz="sm" center>
        <List.Item icon={<IconCircleCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />}>
          {fresh === 0 && alreadyThere === 0
            ? 'No learners to add'
            : `${learnersCount(fresh)} will be added${alreadyThere > 0 ? `; ${alreadyThere.toLocaleString()} already in the space will get the tags` : ''}`}
        </List.Item>
        {accommodated > 0 ? (
          <List.Item icon={<IconClockPlus size={16} color="var(--mantine-color-grape-6)" aria-hidden />}>
            {learnersCount(accommodated)} with an accommodation from the list
          </List.Item>
        ) : null}
        {duplicates.length > 0 ? (
          <List.Item icon={<IconCopy size={16} color="var(--mantine-color-gray-6)" aria-hidden />}>
            {duplicates.length.toLocaleString()} {duplicates.length === 1 ? 'email appears' : 'emails appear'} more than once; merged into
            one learner with the tags of every line
          </List.Item>
        ) : null}
        {read.headerSkipped ? (
          <List.Item icon={<IconInfoCircle size={16} color="var(--mantine-color-gray-6)" aria-hidden />}>
            The first line names the columns and was skipped
          </List.Item>
        ) : null}
      </List>
      {read.tooMany ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Too many learners at once">
          {read.learners.length.toLocaleString()} learners: at most {maxLearnersPerRequest.toLocaleString()} can be added at once. Split the
          list and add each part.
        </Alert>
      ) : null}
      {bad > 0 ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={`${bad.toLocaleString()} ${bad === 1 ? 'line' : 'lines'} cannot be added`}
          styles={{ message: { minWidth: 0 } }}
        >
          <ScrollArea.Autosize mah={220} type="auto">
            <Table fz="xs" verticalSpacing={4} horizontalSpacing="xs" aria-label="Lines that cannot be added" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={56}>Line</Table.Th>
                  <Table.Th>Content</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {read.problems.slice(0, listedAtMost).map((problem) => (
                  <Table.Tr key={problem.line}>
                    <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{problem.line}</Table.Td>
                    <Table.Td>
                      <Text fz="xs" ff="monospace" truncate="end" title={problem.content}>
                        {problem.content}
                      </Text>
                    </Table.Td>
                    <Table.Td>{problem.reason}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {more(bad)}
          </ScrollArea.Autosize>
        </Alert>
      ) : null}
      {duplicates.length > 0 ? (
        <Box component="details" fz="sm">
          <Text component="summary" fz="sm" c="dimmed" style={{ cursor: 'pointer' }}>
            Show the emails merged
          </Text>
          <ScrollArea.Autosize mah={160} type="auto" mt={4}>
            <List fz="xs" spacing={2} withPadding>
              {duplicates.slice(0, listedAtMost).map((learner) => (
                <List.Item key={learner.email}>
                  {learner.email}: lines {learner.lines.join(', ')}
                </List.Item>
              ))}
            </List>
            {more(duplicates.length)}
          </ScrollArea.Autosize>
        </Box>
      ) : null}
    </Stack>
  );
};
