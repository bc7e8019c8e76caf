import { VisuallyHidden } from '@mantine/core';
import type { MeasureView } from '@resim/domain';
import { useEffect, useRef, useState } from 'react';
import { dueAnnouncement, remainingSeconds } from './announcements';

export const timeAnnouncementId = 'run-time-announcement';

/**
 * The run's time for a screen reader, spoken at a few moments only (dueAnnouncement): the visible
 * clock ticks every second and is no live region, or it would talk over everything else. The
 * region is empty on the first render and filled after it, so that the start is announced too;
 * the learner's allowance, shown in the header, is said with it.
 */
export const TimeAnnouncer = ({
  measures,
  elapsedMs,
  allowance,
}: {
  /** the measures as they stand now, or none when the scenario hides time */
  measures: readonly MeasureView[];
  elapsedMs: number | null;
  /** what the learner is told of their allowance (allowanceText) */
  allowance: string | null;
}) => {
  const remaining = remainingSeconds(measures);
  const [text, setText] = useState('');
  const previous = useRef<number | null>(null);
  // The length of the countdown, fixed when it is first seen: what is left plus what has gone.
  const total = useRef<number | null>(null);
  const elapsed = Math.floor((elapsedMs ?? 0) / 1000);
  const elapsedNow = useRef(elapsed);
  elapsedNow.current = elapsed;

  useEffect(() => {
    if (remaining === null) {
      if (previous.current === null && allowance) setText(allowance);
      return;
    }
    total.current ??= remaining + elapsedNow.current;
    const due = dueAnnouncement(previous.current, remaining, total.current);
    const first = previous.current === null;
    previous.current = remaining;
    if (due) setText(first && allowance ? `${allowance} ${due}` : due);
  }, [allowance, remaining]);

  return (
    <VisuallyHidden id={timeAnnouncementId} aria-live="polite" aria-atomic="true">
      {text}
    </VisuallyHidden>
  );
};
