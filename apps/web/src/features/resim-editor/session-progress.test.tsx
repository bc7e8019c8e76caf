import { MantineProvider } from '@mantine/core';
import type { ConsoleServerMessage } from '@resim/contracts';
import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { progressLabel, progressOf, progressStaleMs, SessionProgressBar, useSessionProgress } from './session-progress';

// Counts are written as the browser writes numbers.
const n = (value: number) => new Intl.NumberFormat().format(value);

const push = (done: number, total: number, task: 'start' | 'stop' = 'stop', resimId = 'r1'): ConsoleServerMessage => ({
  type: 'progress',
  resimId,
  task,
  done,
  total,
});

const show = (progress: Parameters<typeof SessionProgressBar>[0]['progress']) =>
  render(
    <MantineProvider theme={theme} env="test">
      <SessionProgressBar progress={progress} />
    </MantineProvider>,
  );

describe('session progress', () => {
  afterEach(() => vi.useRealTimers());

  it('shows a Start or Stop while it goes on, and nothing once every run is done', () => {
    expect(progressOf({ type: 'progress', resimId: 'r1', task: 'stop', done: 4000, total: 10_000 })).toEqual({
      task: 'stop',
      done: 4000,
      total: 10_000,
    });
    expect(progressOf({ type: 'progress', resimId: 'r1', task: 'stop', done: 10_000, total: 10_000 })).toBeNull();
    expect(progressLabel({ task: 'stop', done: 4000, total: 10_000 })).toBe(`Ending runs… ${n(4000)} of ${n(10_000)}`);
    expect(progressLabel({ task: 'start', done: 2000, total: 5000 })).toBe(`Starting runs… ${n(2000)} of ${n(5000)}`);
  });

  it('draws a labelled bar, and tells screen readers the work began', () => {
    const { rerender, container } = show({ task: 'stop', done: 4000, total: 10_000 });
    const bar = screen.getByRole('progressbar', { name: `Ending runs… ${n(4000)} of ${n(10_000)}` });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText(`Ending runs… ${n(4000)} of ${n(10_000)}`)).toBeTruthy();
    expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe('Ending runs…');

    rerender(
      <MantineProvider theme={theme} env="test">
        <SessionProgressBar progress={null} />
      </MantineProvider>,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe('');
  });

  it('follows the scenario’s own pushes until done, and forgets them after a drop or a long silence', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useSessionProgress('r1'));
    act(() => result.current.take(push(250, 1000)));
    expect(result.current.progress).toEqual({ task: 'stop', done: 250, total: 1000 });
    act(() => result.current.take(push(500, 1000, 'stop', 'another')));
    expect(result.current.progress?.done).toBe(250);
    act(() => result.current.take(push(1000, 1000)));
    expect(result.current.progress).toBeNull();

    act(() => result.current.take(push(250, 1000)));
    act(() => result.current.take({ type: 'subscribed', resimId: 'r1' }));
    expect(result.current.progress).toBeNull();

    act(() => result.current.take(push(250, 1000)));
    act(() => {
      vi.advanceTimersByTime(progressStaleMs - 1);
    });
    act(() => result.current.take(push(500, 1000)));
    act(() => {
      vi.advanceTimersByTime(progressStaleMs - 1);
    });
    expect(result.current.progress?.done).toBe(500);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.progress).toBeNull();
  });
});
