import { ActionIcon, Anchor, Box, Button, Card, EmptyState, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ScheduleEntry, Space } from '@resim/contracts';
import { IconBell, IconCalendarEvent, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { hideMessage, showDanger, showMessage, showSuccess } from '../../app/notify';
import { pathFor } from '../../app/routes';
import { ConfirmModal } from '../../ui/confirm-modal';
import { LoadFailed } from '../../ui/load-failed';
import { PageHeader } from '../../ui/page-header';
import { editAccess, type EditAccess } from '../resim-editor/editor-access';
import {
  barSpan,
  dayOffset,
  moveWindow,
  readWindow,
  resizeEnd,
  snapSteps,
  stepAnchor,
  stepOf,
  storedWindow,
  viewDays,
  type CalendarView,
  type ScheduleWindow,
} from './calendar-math';
import classes from './schedule-page.module.css';
import { useRemindLearners, useSaveWindow, useSchedule, useScheduleSpaces } from './schedule-queries';

const dayLabel = {
  week: new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric' }),
  month: new Intl.DateTimeFormat(undefined, { day: 'numeric' }),
};
const rangeLabel = {
  week: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }),
  month: new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }),
};
const timeLabel = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const describeWindow = (window: ScheduleWindow): string =>
  `${window.start ? timeLabel.format(window.start) : 'open'} – ${window.end ? timeLabel.format(window.end) : 'open'}`;

type Drag = {
  readonly id: string;
  readonly mode: 'move' | 'resize';
  readonly x: number;
  readonly pixelsPerDay: number;
  readonly steps: number;
};
type Change = (window: ScheduleWindow, steps: number, step: 'hour' | 'day') => ScheduleWindow;

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * SPEC 2 SCHEDULE: a calendar of every scenario's window (scheduleStart to scheduleEnd) and its
 * openings across the user's spaces. A window the user may edit is moved by dragging it, its end
 * by dragging the grip, or by the arrow keys and buttons; each change saves at once and can be undone.
 */
export const SchedulePage = () => {
  const schedule = useSchedule();
  const spaces = useScheduleSpaces();
  const save = useSaveWindow();
  const remind = useRemindLearners();
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState(() => new Date());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [reminding, setReminding] = useState<ScheduleEntry | null>(null);
  const days = useMemo(() => viewDays(view, anchor), [view, anchor]);
  const step = stepOf(view);
  const today = new Date();
  const latest = useRef<ScheduleEntry[]>([]);
  latest.current = schedule.data ?? [];
  // Only the latest change can be undone: undoing an earlier one would also drop those after it.
  const undoToast = useRef<string | null>(null);

  const accessOf = (entry: ScheduleEntry): EditAccess =>
    editAccess(
      entry.resimStatus,
      spaces.data?.find((space: Space) => space.id === entry.group),
    );

  const commit = (entry: ScheduleEntry, next: ScheduleWindow, undoable: boolean) => {
    const before = readWindow(entry);
    save.mutate(
      { entry, ...storedWindow(next) },
      {
        onSuccess: (result) => {
          if (undoToast.current) hideMessage(undoToast.current);
          undoToast.current = null;
          if (result.kind === 'conflict') {
            showDanger(`“${entry.resimName}” was changed elsewhere, so this change was not saved. The calendar now shows it as it is.`);
            return;
          }
          if (!undoable) {
            showSuccess(`“${entry.resimName}” is back to ${describeWindow(before)}.`);
            return;
          }
          const id = `schedule-${entry.id}-${result.revision}`;
          undoToast.current = id;
          showMessage({
            id,
            withBorder: true,
            autoClose: 8000,
            message: (
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <Text fz="sm">
                  “{entry.resimName}” now runs {describeWindow(next)}.
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  style={{ flex: 'none' }}
                  onClick={() => {
                    hideMessage(id);
                    const current = latest.current.find((e) => e.id === entry.id);
                    if (current) commit(current, before, false);
                  }}
                >
                  Undo
                </Button>
              </Group>
            ),
          });
        },
      },
    );
  };

  const change = (entry: ScheduleEntry, how: Change, steps: number) => {
    if (steps === 0 || save.isPending) return;
    const window = readWindow(entry);
    const next = how(window, steps, step);
    if (next.start?.getTime() === window.start?.getTime() && next.end?.getTime() === window.end?.getTime()) return;
    commit(entry, next, true);
  };

  const onKey = (entry: ScheduleEntry, event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    setSelectedId(entry.id);
    if (!accessOf(entry).canEdit) return;
    change(entry, event.shiftKey ? resizeEnd : moveWindow, event.key === 'ArrowLeft' ? -1 : 1);
  };

  const startDrag = (entry: ScheduleEntry, mode: Drag['mode'], event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0 || !accessOf(entry).canEdit || save.isPending) return;
    const track = event.currentTarget.closest<HTMLElement>(`.${classes.track}`);
    if (!track) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ id: entry.id, mode, x: event.clientX, pixelsPerDay: track.getBoundingClientRect().width / days.length, steps: 0 });
  };
  const moveDrag = (event: PointerEvent<HTMLElement>) => {
    if (!drag) return;
    const steps = snapSteps(event.clientX - drag.x, drag.pixelsPerDay, view);
    if (steps !== drag.steps) setDrag({ ...drag, steps });
  };
  const endDrag = (entry: ScheduleEntry) => {
    if (!drag) return;
    setDrag(null);
    change(entry, drag.mode === 'move' ? moveWindow : resizeEnd, drag.steps);
  };

  const header = (
    <PageHeader
      title="Schedule"
      description="When each scenario opens and closes, and when it was opened, across your spaces. Drag a window to move it, or its right edge to change when it ends."
    />
  );

  if (schedule.isPending || spaces.isPending)
    return (
      <>
        {header}
        <Stack gap="sm" role="status" aria-label="Loading the schedule">
          <Skeleton height={36} width={360} />
          <Skeleton height={220} radius="md" />
        </Stack>
      </>
    );
  if (schedule.isError || spaces.isError)
    return (
      <>
        {header}
        <LoadFailed
          what="The schedule"
          onRetry={() => {
            void schedule.refetch();
            void spaces.refetch();
          }}
        />
      </>
    );

  const shown = schedule.data.filter((entry) => entry.scheduleStart !== null || entry.scheduleEnd !== null || entry.openings.length > 0);
  const unscheduled = schedule.data.length - shown.length;
  const selected = shown.find((entry) => entry.id === selectedId) ?? null;
  const selectedAccess = selected ? accessOf(selected) : null;
  const spaceName = (entry: ScheduleEntry) => spaces.data.find((space) => space.id === entry.group)?.description ?? '';
  const first = days[0] ?? anchor;
  const last = days.at(-1) ?? anchor;
  const style = { '--days': days.length } as CSSProperties;

  return (
    <>
      {header}
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Group gap="xs">
          <ActionIcon variant="default" size="lg" aria-label={`Previous ${view}`} onClick={() => setAnchor(stepAnchor(view, anchor, -1))}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => setAnchor(new Date())}>
            Today
          </Button>
          <ActionIcon variant="default" size="lg" aria-label={`Next ${view}`} onClick={() => setAnchor(stepAnchor(view, anchor, 1))}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Title order={2} fz="lg" aria-live="polite">
            {view === 'week' ? `${rangeLabel.week.format(first)} – ${rangeLabel.week.format(last)}` : rangeLabel.month.format(first)}
          </Title>
        </Group>
        <SegmentedControl
          aria-label="Calendar view"
          value={view}
          onChange={(value) => setView(value === 'month' ? 'month' : 'week')}
          data={[
            { value: 'week', label: 'Week' },
            { value: 'month', label: 'Month' },
          ]}
        />
      </Group>

      {schedule.data.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconCalendarEvent size={22} />}
          withIndicatorBackground
          title="No scenarios yet"
          description="Scenarios you create in your spaces show here once they have a window or have been opened."
        />
      ) : (
        <Card withBorder padding={0} radius="md">
          <Box style={{ overflowX: 'auto' }}>
            <Box miw={view === 'month' ? 960 : 720} style={style}>
              <div className={classes.lane} aria-hidden>
                <Text fz="xs" fw={600} px="sm">
                  Scenario
                </Text>
                <div className={classes.days}>
                  {days.map((day) => (
                    <div key={day.toISOString()} className={classes.day} data-today={sameDay(day, today) || undefined}>
                      {dayLabel[view].format(day)}
                    </div>
                  ))}
                </div>
              </div>
              {shown.length === 0 ? (
                <Text c="dimmed" fz="sm" p="md">
                  No scenario has a window or an opening yet.
                </Text>
              ) : null}
              <ul aria-label="Scenario windows" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {shown.map((entry) => {
                  const access = accessOf(entry);
                  const stored = readWindow(entry);
                  const dragging = drag?.id === entry.id ? drag : null;
                  const window = dragging ? (dragging.mode === 'move' ? moveWindow : resizeEnd)(stored, dragging.steps, step) : stored;
                  const span = barSpan(days, window);
                  const openings = entry.openings
                    .map((opening) => ({ ...opening, at: dayOffset(days, new Date(opening.created)) }))
                    .filter((opening) => opening.at >= 0 && opening.at <= days.length);
                  return (
                    <li key={entry.id} className={classes.lane}>
                      <Stack gap={0} px="sm" miw={0}>
                        <Anchor component={Link} to={pathFor({ name: 'EDIT_RESIM', resimId: entry.id })} fz="sm" truncate>
                          {entry.resimName}
                        </Anchor>
                        <Text fz="xs" c="dimmed" truncate>
                          {spaceName(entry)}
                        </Text>
                      </Stack>
                      <div className={classes.track}>
                        {span ? (
                          <div
                            role="button"
                            tabIndex={0}
                            className={classes.bar}
                            data-readonly={!access.canEdit || undefined}
                            data-selected={selectedId === entry.id || undefined}
                            data-testid={`window-${entry.id}`}
                            aria-pressed={selectedId === entry.id}
                            aria-busy={(save.isPending && save.variables.entry.id === entry.id) || undefined}
                            aria-label={`${entry.resimName}: ${describeWindow(window)}${access.canEdit ? '. Arrow keys move it, Shift with an arrow moves its end' : `. ${access.reason}`}`}
                            style={{ left: `${span.left * 100}%`, width: `${span.width * 100}%` }}
                            onClick={() => setSelectedId(entry.id)}
                            onKeyDown={(event) => onKey(entry, event)}
                            onPointerDown={(event) => startDrag(entry, 'move', event)}
                            onPointerMove={moveDrag}
                            onPointerUp={() => endDrag(entry)}
                            onPointerCancel={() => setDrag(null)}
                          >
                            {entry.resimName}
                            {access.canEdit && window.end ? (
                              <span
                                className={classes.grip}
                                data-testid={`window-end-${entry.id}`}
                                onPointerDown={(event) => startDrag(entry, 'resize', event)}
                                onPointerMove={moveDrag}
                                onPointerUp={(event) => {
                                  event.stopPropagation();
                                  endDrag(entry);
                                }}
                              />
                            ) : null}
                          </div>
                        ) : null}
                        {openings.map((opening) => (
                          <span
                            key={opening.id}
                            role="img"
                            className={classes.opening}
                            style={{ left: `${(opening.at / days.length) * 100}%` }}
                            aria-label={`Opened ${timeLabel.format(new Date(opening.created))}`}
                            title={`Opened ${timeLabel.format(new Date(opening.created))}`}
                          />
                        ))}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </Box>
          </Box>
        </Card>
      )}
      {unscheduled > 0 ? (
        <Text c="dimmed" fz="sm" mt="sm">
          {unscheduled === 1 ? '1 scenario has' : `${unscheduled} scenarios have`} no window and no opening; set a window in the editor’s
          Overview &amp; schedule.
        </Text>
      ) : null}

      {selected && selectedAccess ? (
        <Card withBorder radius="md" mt="md" aria-label="Selected window" component="section">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={600}>{selected.resimName}</Text>
                <Text fz="sm" c="dimmed">
                  {describeWindow(readWindow(selected))}
                </Text>
              </div>
              <Button variant="default" leftSection={<IconBell size={16} />} onClick={() => setReminding(selected)}>
                Remind learners
              </Button>
            </Group>
            {selectedAccess.canEdit ? (
              <Group gap="xs" wrap="wrap">
                <Button size="xs" variant="default" disabled={save.isPending} onClick={() => change(selected, moveWindow, -1)}>
                  {view === 'week' ? 'An hour earlier' : 'A day earlier'}
                </Button>
                <Button size="xs" variant="default" disabled={save.isPending} onClick={() => change(selected, moveWindow, 1)}>
                  {view === 'week' ? 'An hour later' : 'A day later'}
                </Button>
                {selected.scheduleEnd ? (
                  <>
                    <Button size="xs" variant="default" disabled={save.isPending} onClick={() => change(selected, resizeEnd, -1)}>
                      End {view === 'week' ? 'an hour' : 'a day'} sooner
                    </Button>
                    <Button size="xs" variant="default" disabled={save.isPending} onClick={() => change(selected, resizeEnd, 1)}>
                      End {view === 'week' ? 'an hour' : 'a day'} later
                    </Button>
                  </>
                ) : null}
              </Group>
            ) : (
              <Text fz="sm">Read-only: {selectedAccess.reason}</Text>
            )}
          </Stack>
        </Card>
      ) : null}

      <ConfirmModal
        target={reminding}
        title="Remind learners"
        body={(entry) => (
          <Text fz="sm">
            Send a reminder to every learner of “{entry ? spaceName(entry) : ''}” to whom “{entry?.resimName}” is allocated?
          </Text>
        )}
        confirmLabel={() => 'Send reminders'}
        failedTitle="The reminders were not sent"
        pending={remind.isPending}
        error={remind.error ? remind.error.message : null}
        onClose={() => {
          setReminding(null);
          remind.reset();
        }}
        onConfirm={() => {
          if (!reminding) return;
          remind.mutate(reminding, {
            onSuccess: (count) => {
              setReminding(null);
              showSuccess(
                count === 0
                  ? `No learner is allocated to “${reminding.resimName}”.`
                  : `Reminded ${count} learner${count === 1 ? '' : 's'}.`,
              );
            },
          });
        }}
      />
    </>
  );
};
