import { ActionIcon, Anchor, Checkbox, Group, Table, Text } from '@mantine/core';
import type { Learner } from '@resim/contracts';
import { byCount } from '@resim/domain';
import { IconClockEdit } from '@tabler/icons-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { AccommodationBadge } from './accommodation-badge';
import { PageControls } from './page-controls';
import { pageOf } from './paging';
import { RelativeDate } from './relative-date';
import { setRows, toggleRow } from './selection';
import { TagBadges } from './tag-badges';

const isShiftClick = (event: ChangeEvent<HTMLInputElement>): boolean =>
  'shiftKey' in event.nativeEvent && event.nativeEvent.shiftKey === true;

/**
 * The learners shown, a page at a time. With `selectable`, a checkbox per row (shift-click selects
 * a range), one for the whole page, and an offer to select every learner shown across pages.
 * With `onAccommodate`, a button per row opens the learner's accommodation.
 */
export const LearnersTable = (props: {
  learners: readonly Learner[];
  now: number;
  selectable: boolean;
  selected: ReadonlySet<string>;
  onSelectedChange: (selected: ReadonlySet<string>) => void;
  onAccommodate?: ((learner: Learner) => void) | undefined;
}) => {
  const { learners, selected, onSelectedChange } = props;
  const [requestedPage, setPage] = useState(1);
  const anchor = useRef<string | null>(null);
  const { rows, page } = pageOf(learners, requestedPage);
  const shownEmails = learners.map((learner) => learner.email);
  const pageEmails = rows.map((learner) => learner.email);
  const pageSelected = pageEmails.filter((email) => selected.has(email)).length;
  const allShownSelected = shownEmails.length > 0 && shownEmails.every((email) => selected.has(email));

  const selectRow = (email: string, range: boolean) => {
    onSelectedChange(toggleRow(selected, shownEmails, email, { range, anchor: anchor.current }));
    anchor.current = email;
  };

  return (
    <>
      {props.selectable && pageSelected === rows.length && rows.length < learners.length ? (
        <Text fz="sm" mb="xs" role="status">
          {allShownSelected ? (
            <>
              All {learners.length.toLocaleString()} learners shown are selected.{' '}
              <Anchor component="button" fz="sm" onClick={() => onSelectedChange(setRows(selected, shownEmails, false))}>
                Clear selection
              </Anchor>
            </>
          ) : (
            <>
              The {rows.length.toLocaleString()} {byCount(rows.length, 'learner on this page is', 'learners on this page are')} selected.{' '}
              <Anchor component="button" fz="sm" onClick={() => onSelectedChange(setRows(selected, shownEmails, true))}>
                Select all {learners.length.toLocaleString()} learners shown
              </Anchor>
            </>
          )}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={880}>
        <Table verticalSpacing="xs" highlightOnHover aria-label="Learners">
          <Table.Thead>
            <Table.Tr>
              {props.selectable ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all learners on this page"
                    checked={rows.length > 0 && pageSelected === rows.length}
                    indeterminate={pageSelected > 0 && pageSelected < rows.length}
                    onChange={() => onSelectedChange(setRows(selected, pageEmails, pageSelected < rows.length))}
                  />
                </Table.Th>
              ) : null}
              <Table.Th>Email</Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th>Accommodation</Table.Th>
              <Table.Th>Invited</Table.Th>
              <Table.Th>Reminded</Table.Th>
              <Table.Th ta="right">Scenarios</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((learner) => (
              <Table.Tr key={learner.email} bg={selected.has(learner.email) ? 'var(--mantine-primary-color-light)' : undefined}>
                {props.selectable ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${learner.email}`}
                      checked={selected.has(learner.email)}
                      onChange={(event) => selectRow(learner.email, isShiftClick(event))}
                    />
                  </Table.Td>
                ) : null}
                <Table.Th scope="row" fw={500} fz="sm" style={{ wordBreak: 'break-all' }}>
                  {learner.email}
                </Table.Th>
                <Table.Td>
                  <TagBadges tags={learner.tags} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="space-between">
                    <AccommodationBadge accommodation={learner.accommodation} />
                    {props.onAccommodate ? (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Accommodation for ${learner.email}`}
                        onClick={() => props.onAccommodate?.(learner)}
                      >
                        <IconClockEdit size={16} />
                      </ActionIcon>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <RelativeDate iso={learner.invited} now={props.now} />
                </Table.Td>
                <Table.Td>
                  <RelativeDate iso={learner.reminded} now={props.now} />
                </Table.Td>
                <Table.Td ta="right" fz="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {learner.resims.length}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PageControls rows={learners.length} page={page} onChange={setPage} />
    </>
  );
};
