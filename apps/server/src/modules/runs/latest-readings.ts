type Entry<T> = {
  /** undefined until something was found: nothing found is not believed, the next caller reads again */
  value: T | undefined;
  checkedAt: number;
  reading: Promise<T> | null;
  /** Readings started, and the latest one kept: a reading that ends after a later one changes nothing. */
  started: number;
  kept: number;
};

export type LatestReadingsOptions<T> = {
  readonly read: (key: string) => Promise<T>;
  /** How long a value is believed before it is read again, in the background, the kept one serving meanwhile. */
  readonly recheckMs: number;
  /** Whether a key's value is worth keeping (a key no one uses now is read every time). */
  readonly keeps: (key: string) => boolean;
  readonly now?: () => number;
};

/**
 * Values read by key and kept, read again now and then. A `fresh` reading is never one that was
 * under way already: that one may have begun before the change it is asked for. Whichever
 * reading ends last, the value kept is the one read last.
 */
export const createLatestReadings = <T>(options: LatestReadingsOptions<T>) => {
  const { read, recheckMs, keeps } = options;
  const now = options.now ?? (() => performance.now());
  const entries = new Map<string, Entry<T>>();

  const start = (key: string, known: Entry<T> | undefined): Promise<T> => {
    const entry = known ?? { value: undefined, checkedAt: 0, reading: null, started: 0, kept: 0 };
    const generation = ++entry.started;
    const reading = read(key);
    entry.reading = reading;
    const settle = () => {
      if (entry.reading === reading) entry.reading = null;
    };
    void reading.then((value) => {
      settle();
      if (generation < entry.kept) return;
      entry.kept = generation;
      entry.value = value;
      entry.checkedAt = now();
    }, settle);
    if (keeps(key)) entries.set(key, entry);
    return reading;
  };

  return {
    /** The value as last read; `fresh` waits for a reading begun now. */
    get(key: string, fresh = false): Promise<T> {
      const entry = entries.get(key);
      if (fresh) return start(key, entry);
      if (entry?.value === undefined) return entry?.reading ?? start(key, entry);
      if (now() - entry.checkedAt > recheckMs && !entry.reading) void start(key, entry).catch(() => undefined);
      return Promise.resolve(entry.value);
    },
    forget(key: string): void {
      entries.delete(key);
    },
  };
};
