/**
 * The checker's long work (its search of runs, thousands of engine steps) is written as a
 * generator that pauses at points where nothing is half done: a server runs it a slice at a time,
 * letting every other request be served between slices, and the editor runs it through at once.
 */
export type WorkSteps<R> = Generator<void, R, void>;

/** Runs the work through to its end, without pausing. */
export const finished = <R>(work: WorkSteps<R>): R => {
  for (;;) {
    const next = work.next();
    if (next.done) return next.value;
  }
};
