import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLoaded } from './use-loaded';

describe('useLoaded', () => {
  it('shows what it had while a new key is asked for, then the answer', async () => {
    let answer: (value: string) => void = () => undefined;
    const load = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { result, rerender } = renderHook(({ key }) => useLoaded(load, [key], { initial: 'first' }), { initialProps: { key: 'a' } });
    expect(result.current).toEqual({ state: 'ready', data: 'first' });
    rerender({ key: 'b' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(result.current).toEqual({ state: 'ready', data: 'first' });
    act(() => answer('second'));
    await waitFor(() => expect(result.current).toEqual({ state: 'ready', data: 'second' }));
  });

  it('says why it failed and asks again on retry', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('back');
    const { result } = renderHook(() => useLoaded(load, []));
    await waitFor(() => expect(result.current.state).toBe('failed'));
    const failed = result.current;
    if (failed.state !== 'failed') throw new Error('not failed');
    expect(failed.error.message).toBe('offline');
    act(() => failed.retry());
    await waitFor(() => expect(result.current).toEqual({ state: 'ready', data: 'back' }));
  });

  it('asks again after the time its answer says, and stops when it says none', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn().mockResolvedValueOnce({ locked: true }).mockResolvedValueOnce({ locked: false });
      const { result } = renderHook(() => useLoaded(load, [], { refreshMs: (found: { locked: boolean }) => (found.locked ? 5000 : null) }));
      await act(async () => {
        await Promise.resolve();
      });
      expect(result.current).toEqual({ state: 'ready', data: { locked: true } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(5000);
      });
      expect(result.current).toEqual({ state: 'ready', data: { locked: false } });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(20_000);
      });
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
