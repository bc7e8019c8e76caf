import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  applyContentPatch,
  changesOf,
  diffContent,
  type ChangedItem,
  type ContentPatch,
  type ExportedVersion,
  type ScenarioContent,
} from '@resim/domain';
import type { Database } from '../../db/database';
import * as repo from './resim-history.repository';

/** A full snapshot every this many revisions, so reading a version applies at most this many patches. */
export const snapshotInterval = 50;
/** The changed items a version's row lists by name; the count says how many there were in all. */
const listedItems = 50;

type Content = Readonly<Record<string, unknown>>;

export type VersionChanges = { items: ChangedItem[]; count: number; fields: string[] };

const pack = (value: unknown) => deflateRawSync(JSON.stringify(value));
const unpack = <T>(body: Uint8Array): T => JSON.parse(inflateRawSync(body).toString('utf8')) as T;

/**
 * Keeps a saved revision's content in the save's own transaction: the patch from the revision
 * before, or a snapshot every `snapshotInterval` revisions, at the first, and whenever the patch
 * would not give back the saved content byte for byte. A scenario saved before history was kept
 * gets its previous content as a snapshot first, so every later version can be rebuilt.
 */
export const recordVersion = async (
  db: Database,
  options: {
    resimId: string;
    revision: number;
    before: { content: Content; savedAt: string } | undefined;
    after: Content;
    authorId: string | null;
    author: string;
    savedAt: string;
    restoredFrom?: number;
    /** a name it already has (an imported version's) */
    name?: string | null;
  },
): Promise<void> => {
  const { before, after } = options;
  const previous = options.revision - 1;
  const previousKept = before !== undefined && (await repo.versionExists(db, options.resimId, previous));
  if (before && !previousKept) {
    await repo.insertVersion(db, {
      resim_id: options.resimId,
      revision: previous,
      is_snapshot: 1,
      body: pack(before.content),
      changes: JSON.stringify({ items: [], count: 0, fields: [] } satisfies VersionChanges),
      author_id: null,
      author: '',
      saved_at: before.savedAt,
    });
  }
  const patch = before ? diffContent(before.content, after) : undefined;
  const changes = before && patch ? changesOf(before.content, after, patch) : { items: [], fields: [] };
  const exact = before && patch && JSON.stringify(applyContentPatch(before.content, patch)) === JSON.stringify(after);
  const snapshot = !exact || options.revision % snapshotInterval === 0;
  await repo.insertVersion(db, {
    resim_id: options.resimId,
    revision: options.revision,
    is_snapshot: snapshot ? 1 : 0,
    body: pack(snapshot ? after : patch),
    changes: JSON.stringify({
      items: changes.items.slice(0, listedItems),
      count: changes.items.length,
      fields: changes.fields,
    } satisfies VersionChanges),
    author_id: options.authorId,
    author: options.author,
    saved_at: options.savedAt,
    restored_from: options.restoredFrom ?? null,
    name: options.name ?? null,
  });
};

/** The content saved at `revision`, as its JSON was when saved; undefined when history holds no such version. */
export const contentJsonAt = async (db: Database, resimId: string, revision: number): Promise<string | undefined> => {
  const chain = await repo.findVersionChain(db, resimId, revision);
  const last = chain.at(-1);
  if (!last || last.revision !== revision || chain.length !== revision - chain[0]!.revision + 1) return undefined;
  let content = unpack<Content>(chain[0]!.body);
  for (const row of chain.slice(1)) content = applyContentPatch(content, unpack<ContentPatch>(row.body));
  return JSON.stringify(content);
};

/** A scenario's history as an export carries it: each stored snapshot whole, each patch as stored. */
export const exportedHistory = async (db: Database, resimId: string): Promise<ExportedVersion[]> =>
  (await repo.findAllVersions(db, resimId)).map((row) => ({
    revision: row.revision,
    savedAt: row.saved_at,
    author: row.author,
    name: row.name,
    restoredFrom: row.restored_from,
    ...(row.is_snapshot === 1 ? { content: unpack<ScenarioContent>(row.body) } : { patch: unpack<ContentPatch>(row.body) }),
  }));
