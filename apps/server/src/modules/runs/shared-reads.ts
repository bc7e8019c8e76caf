import type { Database } from '../../db/database';

/**
 * How long a scenario's boards (dashboard, scoreboard, its runs) are shared between the consoles
 * that read them: a session's consoles are told of its changes a few times a second, and each
 * reads its boards again; made once per moment, ten consoles cost what one does.
 */
export const sharedForMs = 1000;
const maxEntries = 500;

type Entry = { readonly at: number; readonly value: Promise<unknown>; readonly outlivesChanges: boolean };
const byDatabase = new WeakMap<Database, Map<string, Entry>>();

const keyOf = (resimId: string, what: string) => `${resimId}\u0000${what}`;

/**
 * What `read` answers for the scenario's `what`, made at most once a moment and shared by every
 * caller meanwhile. The caller checks first that its reader may see the scenario: what is shared
 * is the scenario's, the same for everyone allowed to see it. `outlivesChanges`: kept for its
 * moment though the scenario's runs change (forgetShared leaves it), for a reading whose callers
 * bring what concerns them up to date themselves.
 */
export const readShared = <T>(
  db: Database,
  resimId: string,
  what: string,
  read: () => Promise<T>,
  options: { readonly outlivesChanges?: boolean } = {},
): Promise<T> => {
  let entries = byDatabase.get(db);
  if (!entries) {
    entries = new Map();
    byDatabase.set(db, entries);
  }
  const key = keyOf(resimId, what);
  const now = performance.now();
  const kept = entries.get(key);
  if (kept && now - kept.at < sharedForMs) return kept.value as Promise<T>;
  if (entries.size >= maxEntries) for (const [old, entry] of entries) if (now - entry.at >= sharedForMs) entries.delete(old);
  const value = read();
  entries.set(key, { at: now, value, outlivesChanges: options.outlivesChanges ?? false });
  // A failed read is not shared: the next caller tries again.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  return value;
};

/** Forgets what is shared of a scenario, but what outlives changes: its host just changed it (removed a learner, locked the lobby). */
export const forgetShared = (db: Database, resimId: string): void => {
  const entries = byDatabase.get(db);
  if (!entries) return;
  for (const [key, entry] of entries) if (!entry.outlivesChanges && key.startsWith(`${resimId}\u0000`)) entries.delete(key);
};
