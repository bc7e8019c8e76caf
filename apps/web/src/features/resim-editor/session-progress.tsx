import { Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ConsoleServerMessage } from '@resim/contracts';
import { useCallback, useEffect, useState } from 'react';

type ProgressPush = Extract<ConsoleServerMessage, { type: 'progress' }>;

/** How far a Start or a Stop has gone through the session's runs, while it goes on. */
export type SessionProgress = Pick<ProgressPush, 'task' | 'done' | 'total'>;

/**
 * A push comes after every slice of runs: without one for this long the work is taken as done
 * (or its news lost with the socket), and the bar goes rather than stand still.
 */
export const progressStaleMs = 15_000;

/** The progress to show after a push: none once every run is done. */
export const progressOf = (push: ProgressPush): SessionProgress | null =>
  push.done < push.total ? { task: push.task, done: push.done, total: push.total } : null;

const taskLabel = (progress: SessionProgress): string => (progress.task === 'stop' ? 'Ending runs…' : 'Starting runs…');

const count = new Intl.NumberFormat();

export const progressLabel = (progress: SessionProgress): string =>
  `${taskLabel(progress)} ${count.format(progress.done)} of ${count.format(progress.total)}`;

/** Follows the scenario's Start and Stop as the live channel pushes them; `take` hands it every push. */
export const useSessionProgress = (resimId: string) => {
  const [progress, setProgress] = useState<SessionProgress | null>(null);
  useEffect(() => {
    if (!progress) return;
    const stale = setTimeout(() => setProgress(null), progressStaleMs);
    return () => clearTimeout(stale);
  }, [progress]);
  const take = useCallback(
    (message: ConsoleServerMessage) => {
      if (message.type === 'progress' && message.resimId === resimId) setProgress(progressOf(message));
      // Subscribed afresh after a drop: the work still going pushes again, the work done meanwhile does not.
      if (message.type === 'subscribed' && message.resimId === resimId) setProgress(null);
    },
    [resimId],
  );
  return { progress, take };
};

/**
 * A Start or Stop of a large session goes on after its request is answered: the bar shows how
 * many runs it has been through, and goes when all are. Screen readers hear that it began, not
 * every slice of it.
 */
export const SessionProgressBar = ({ progress }: { progress: SessionProgress | null }) => (
  <>
    {progress ? (
      <Stack gap={2} w={240} maw="100%">
        <Text fz="xs" c="dimmed" aria-hidden style={{ fontVariantNumeric: 'tabular-nums' }}>
          {progressLabel(progress)}
        </Text>
        <Progress value={Math.floor((progress.done / progress.total) * 100)} size="sm" aria-label={progressLabel(progress)} />
      </Stack>
    ) : null}
    {/* Always there, so that the change is announced when the work begins. */}
    <VisuallyHidden aria-live="polite">{progress ? taskLabel(progress) : ''}</VisuallyHidden>
  </>
);
