import { ActionIcon, Button, Checkbox, Group, Menu, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { describeAccommodation, type Learner, type ResimSummary } from '@resim/contracts';
import { IconClockPlus, IconDots, IconSquareCheck, IconSquareOff } from '@tabler/icons-react';
import { useState } from 'react';
import { accommodationSource } from './accommodation-text';
import classes from './allocation-matrix.module.css';
import { learnersCount, nameLearners } from './learner-names';
import { learnersChangedBy, type AllocationChange } from './learner-queries';
import { PageControls } from './page-controls';
import { pageOf } from './paging';

/** "all 3 learners shown", but "the 1 learner shown". */
const allShown = (count: number): string => `${count === 1 ? 'the' : 'all'} ${learnersCount(count)} shown`;

const ScenarioHeader = (props: {
  scenario: ResimSummary;
  learners: readonly Learner[];
  editable: boolean;
  onChange: (change: AllocationChange) => void;
}) => {
  const { scenario, learners } = props;
  const emails = learners.map((learner) => learner.email);
  const toGive = learnersChangedBy(learners, { give: true, emails, resimId: scenario.id });
  const toTake = learnersChangedBy(learners, { give: false, emails, resimId: scenario.id });
  const [taking, setTaking] = useState(false);
  return (
    <Stack gap={2} align="center">
      <Group gap={2} wrap="nowrap" justify="center" maw={148}>
        <Tooltip label={scenario.resimName} openDelay={200} multiline maw={320}>
          <Text fz="xs" fw={600} truncate="end" tabIndex={0}>
            {scenario.resimName}
          </Text>
        </Tooltip>
        {props.editable ? (
          <Menu position="bottom-end" width={260} shadow="md">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Allocate ${scenario.resimName}`}>
                <IconDots size={14} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{scenario.resimName}</Menu.Label>
              <Menu.Item
                leftSection={<IconSquareCheck size={16} />}
                disabled={toGive.length === 0}
                onClick={() => props.onChange({ give: true, emails: toGive, resimId: scenario.id })}
              >
                Give to {allShown(learners.length)}
              </Menu.Item>
              <Menu.Item leftSection={<IconSquareOff size={16} />} disabled={toTake.length === 0} onClick={() => setTaking(true)}>
                Take from {allShown(learners.length)}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      <Text fz={11} c="dimmed" fw={400} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {(learners.length - toGive.length).toLocaleString()} / {learners.length.toLocaleString()}
      </Text>
      <Modal opened={taking} onClose={() => setTaking(false)} title={<Text fw={600}>Take {scenario.resimName} away</Text>} size="md">
        <Stack gap="md">
          <Text fz="sm">
            Take {scenario.resimName} from {learnersCount(toTake.length)} ({nameLearners(toTake)})? It leaves their list of simulations;
            runs they played and their scores are kept.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setTaking(false)} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red"
              onClick={() => {
                setTaking(false);
                props.onChange({ give: false, emails: toTake, resimId: scenario.id });
              }}
            >
              Take away
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
};

/** Marks a learner who has an accommodation, named for screen readers and on hover. */
const AccommodationMark = ({ learner }: { learner: Learner }) => {
  if (learner.accommodation === null) return null;
  const label = `Accommodation: ${describeAccommodation(learner.accommodation)} (${accommodationSource(learner.accommodation.from)})`;
  return (
    <Tooltip label={label} openDelay={200}>
      <span role="img" aria-label={label} style={{ display: 'inline-flex', flex: 'none', color: 'var(--mantine-color-grape-7)' }}>
        <IconClockPlus size={16} aria-hidden />
      </span>
    </Tooltip>
  );
};

/**
 * Learners (rows, a page at a time) by the space's scenarios (columns): a checkbox gives or takes
 * one scenario from one learner; a column's menu does it for every learner shown by the filter.
 * A learner with an accommodation is marked beside their email.
 */
export const AllocationMatrix = (props: {
  learners: readonly Learner[];
  scenarios: readonly ResimSummary[];
  editable: boolean;
  onChange: (change: AllocationChange) => void;
}) => {
  const [requestedPage, setPage] = useState(1);
  const { rows, page } = pageOf(props.learners, requestedPage);
  return (
    <>
      <div className={classes.frame}>
        <table className={classes.matrix} aria-label="Allocations">
          <thead>
            <tr>
              <th className={classes.learner} scope="col">
                <Text fz="sm" fw={600} ta="left" px="sm" py="xs">
                  Learner
                </Text>
              </th>
              {props.scenarios.map((scenario) => (
                <th key={scenario.id} className={classes.cell} scope="col" aria-label={scenario.resimName}>
                  <Stack px={4} py={6}>
                    <ScenarioHeader scenario={scenario} learners={props.learners} editable={props.editable} onChange={props.onChange} />
                  </Stack>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((learner) => {
              const given = new Set(learner.resims);
              return (
                <tr key={learner.email}>
                  <th className={classes.learner} scope="row">
                    <Group gap={4} wrap="nowrap" pr="xs">
                      <Text fz="sm" fw={500} ta="left" px="sm" py={6} truncate="end" title={learner.email} miw={0} style={{ flex: 1 }}>
                        {learner.email}
                      </Text>
                      <AccommodationMark learner={learner} />
                    </Group>
                  </th>
                  {props.scenarios.map((scenario) => (
                    <td key={scenario.id} className={classes.cell}>
                      <Checkbox
                        aria-label={`${scenario.resimName} for ${learner.email}`}
                        checked={given.has(scenario.id)}
                        disabled={!props.editable}
                        onChange={(event) =>
                          props.onChange({ give: event.currentTarget.checked, emails: [learner.email], resimId: scenario.id })
                        }
                      />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <PageControls rows={props.learners.length} page={page} onChange={setPage} />
    </>
  );
};
