import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGuardedHistory, type HeldMove } from './navigation-guard';

const leavingEditor = (next: { pathname: string }) => next.pathname !== '/resim/r1';

describe('guarded history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('moves freely while nothing holds it', () => {
    const history = createGuardedHistory();
    history.push('/resim/r1');
    expect(window.location.pathname).toBe('/resim/r1');
  });

  it('holds a link back until the user proceeds, and drops it when they stay', () => {
    const history = createGuardedHistory();
    history.push('/resim/r1');
    const held: (HeldMove | null)[] = [];
    const release = history.hold(leavingEditor, (move) => held.push(move));

    history.push('/');
    expect(window.location.pathname).toBe('/resim/r1');
    held.at(-1)?.reset();
    expect(held.at(-1)).toBeNull();
    expect(window.location.pathname).toBe('/resim/r1');

    // Moving within the page (its tabs) is not held.
    history.push('/resim/r1?tab=tests');
    expect(window.location.search).toBe('?tab=tests');

    history.push('/');
    held.at(-1)?.proceed();
    expect(window.location.pathname).toBe('/');
    release();
  });

  it('undoes the back button while held, and goes back when the user proceeds', async () => {
    const history = createGuardedHistory();
    const listener = vi.fn();
    history.listen(listener);
    history.push('/');
    history.push('/resim/r1');
    const held: (HeldMove | null)[] = [];
    history.hold(leavingEditor, (move) => held.push(move));
    listener.mockClear();

    window.history.back();
    await vi.waitFor(() => expect(held.at(-1)).toBeTruthy());
    await vi.waitFor(() => expect(window.location.pathname).toBe('/resim/r1'));
    expect(listener).not.toHaveBeenCalled();

    held.at(-1)?.proceed();
    await vi.waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
