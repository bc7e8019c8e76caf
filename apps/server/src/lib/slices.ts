import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Work over a whole session (pushes to thousands of learners, ending their runs) is done a slice
 * at a time: after `budgetMs` of it, the event loop is let go to serve everything else waiting
 * (other sessions' steps, health checks, the console), then the work goes on.
 */
export const sliceBudgetMs = 10;

/** Sliced work under way in this process: they share one budget a turn of the event loop. */
let running = 0;

export const inSlices = async <T>(items: Iterable<T>, work: (item: T) => void, budgetMs = sliceBudgetMs): Promise<void> => {
  running += 1;
  try {
    let started = performance.now();
    let count = 0;
    for (const item of items) {
      work(item);
      count += 1;
      // The clock is read every few items: reading it is not free either. A Stop's pushes and its
      // runs' ending, in one turn, take one budget between them, not one each.
      if ((count & 7) === 0 && performance.now() - started > budgetMs / running) {
        await nextTurn();
        started = performance.now();
      }
    }
  } finally {
    running -= 1;
  }
};

/**
 * Runs a generator's work to its end a slice at a time, sharing the budget as `inSlices` does: each
 * of its pauses ends a part of the work, after which the event loop may be let go. Its parts are
 * larger than a list's items, so the clock is read at every pause. Answers what the work returns.
 */
export const finishInSlices = async <R>(work: Generator<void, R, void>, budgetMs = sliceBudgetMs): Promise<R> => {
  running += 1;
  try {
    let started = performance.now();
    for (;;) {
      const next = work.next();
      if (next.done) return next.value;
      if (performance.now() - started > budgetMs / running) {
        await nextTurn();
        started = performance.now();
      }
    }
  } finally {
    running -= 1;
  }
};

/** Lets the event loop serve what is waiting before the caller goes on. */
export const yieldToLoop = (): Promise<void> => nextTurn();
