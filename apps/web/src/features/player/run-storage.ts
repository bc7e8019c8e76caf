/**
 * What resumes a learner's run after a reload or a dropped network: the run, an anonymous
 * learner's token, and the nickname they joined under (to join the next opening as the same).
 */
export type StoredRun = { readonly gameId: string; readonly runToken: string | null; readonly nickname: string };

const isText = (value: unknown): value is string => typeof value === 'string';

/** What another version of the page, or another script, may have left under the key: a run only when it has a run's shape. */
const asStoredRun = (value: unknown): StoredRun | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { gameId, runToken, nickname } = value as Record<string, unknown>;
  if (!isText(gameId) || gameId === '' || !isText(nickname)) return null;
  if (runToken !== null && (!isText(runToken) || runToken === '')) return null;
  return { gameId, runToken, nickname };
};

const keyOf = (code: string): string => `resim.play.${code}`;

/**
 * The runs this browser joined, one per join code, in localStorage. A browser that refuses
 * storage (private modes) still plays; it only cannot resume.
 */
export const createRunStorage = (storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null) => ({
  load: (code: string): StoredRun | null => {
    try {
      return asStoredRun(JSON.parse(storage?.getItem(keyOf(code)) ?? 'null'));
    } catch {
      return null;
    }
  },
  save: (code: string, run: StoredRun): void => {
    try {
      storage?.setItem(keyOf(code), JSON.stringify(run));
    } catch {
      // Full or refused: the run goes on, it just cannot be resumed from here.
    }
  },
  forget: (code: string): void => {
    try {
      storage?.removeItem(keyOf(code));
    } catch {
      // Nothing to undo.
    }
  },
});

export type RunStorage = ReturnType<typeof createRunStorage>;

const browserStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export const runStorage: RunStorage = createRunStorage(typeof window === 'undefined' ? null : browserStorage());
