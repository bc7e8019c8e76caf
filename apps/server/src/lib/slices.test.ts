import { afterEach, describe, expect, it, vi } from 'vitest';
import { finishInSlices, inSlices } from './slices';

/** Each item of work takes a millisecond of a clock the test moves; what runs between yields is recorded. */
const fakeClock = () => {
  let now = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  return { advance: (ms: number) => (now += ms) };
};

describe('inSlices', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lets the event loop go once a slice has taken its budget', async () => {
    const clock = fakeClock();
    const log: string[] = [];
    const turns: number[] = [];
    // Counts the turns of the event loop: one immediate a turn.
    let turn = 0;
    let ticker = setImmediate(function tick() {
      turn += 1;
      ticker = setImmediate(tick);
    });
    await inSlices(
      Array.from({ length: 40 }, (_, at) => at),
      (item) => {
        clock.advance(1);
        log.push(`a${item}`);
        turns.push(turn);
      },
    );
    clearImmediate(ticker);
    // 16 items of a millisecond pass a 10 ms budget (the clock is read every 8 items).
    expect(new Set(turns.slice(0, 16)).size).toBe(1);
    expect(turns[16]).toBeGreaterThan(turns[15]!);
    expect(log).toHaveLength(40);
  });

  it('shares one budget between the jobs under way, each taking its part in turn', async () => {
    const clock = fakeClock();
    const order: string[] = [];
    const job = (name: string) =>
      inSlices(
        Array.from({ length: 24 }, (_, at) => at),
        (item) => {
          clock.advance(1);
          order.push(`${name}${item}`);
        },
      );
    await Promise.all([job('a'), job('b')]);
    const run = (name: string, from: number, to: number) => Array.from({ length: to - from }, (_, at) => `${name}${from + at}`);
    // Alone, the first job takes the whole budget (16 items); with two under way, each yields past
    // half of it (8 items); alone again, the second takes the whole budget.
    expect(order).toEqual([...run('a', 0, 16), ...run('b', 0, 8), ...run('a', 16, 24), ...run('b', 8, 24)]);
  });
});

describe('finishInSlices', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs work that pauses a slice at a time, letting the event loop go between slices, and answers what it returns', async () => {
    const clock = fakeClock();
    let turn = 0;
    let ticker = setImmediate(function tick() {
      turn += 1;
      ticker = setImmediate(tick);
    });
    const turns: number[] = [];
    // 40 parts of a millisecond each, with a pause after each part.
    function* work(): Generator<void, string, void> {
      for (let part = 0; part < 40; part += 1) {
        clock.advance(1);
        turns.push(turn);
        yield;
      }
      return 'done';
    }
    const answer = await finishInSlices(work());
    clearImmediate(ticker);
    expect(answer).toBe('done');
    expect(turns).toHaveLength(40);
    // The clock is read at every pause: 11 parts of a millisecond pass the 10 ms budget, then the loop is let go.
    expect(new Set(turns.slice(0, 11)).size).toBe(1);
    expect(turns[11]).toBeGreaterThan(turns[10]!);
    expect(new Set(turns).size).toBeGreaterThanOrEqual(4);
  });

  it('passes on what the work throws after a pause', async () => {
    function* failing(): Generator<void, string, void> {
      yield;
      throw new Error('broken');
    }
    await expect(finishInSlices(failing())).rejects.toThrow('broken');
  });
});
