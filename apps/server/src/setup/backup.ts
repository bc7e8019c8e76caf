import fs from 'node:fs';
import path from 'node:path';
import type { StorageConfig } from '../config/config';
import { sqliteFileOf, type DatabaseHandle } from '../db/database';

export class BackupError extends Error {}

export type BackupReport = { readonly database: number | 'pg_dump'; readonly files: number | 'S3'; readonly bytes: number };

const sizeOf = async (dir: string): Promise<{ files: number; bytes: number }> => {
  let files = 0;
  let bytes = 0;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await fs.promises.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
};

/**
 * Copies the SQLite database and the embedded file store into a new folder while the server runs:
 * SQLite's online backup copies a consistent database page by page between the server's writes,
 * and stored files never change once stored. PostgreSQL is backed up with pg_dump instead, and
 * files in S3 stay where they are (the bucket's own versioning or replication keeps them).
 */
export const backUp = async (handle: DatabaseHandle, storage: StorageConfig, to: string): Promise<BackupReport> => {
  const target = path.resolve(to);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0)
    throw new BackupError(`${target} is not empty: back up into a new folder`);
  fs.mkdirSync(target, { recursive: true });
  let database: BackupReport['database'] = 'pg_dump';
  const file = sqliteFileOf(handle.db);
  if (file) {
    const copy = path.join(target, 'resim.sqlite');
    await file.backup(copy);
    database = fs.statSync(copy).size;
  }
  let files: BackupReport['files'] = 'S3';
  let bytes = typeof database === 'number' ? database : 0;
  if (storage.backend.kind === 'local') {
    const source = storage.backend.dir;
    if (fs.existsSync(source)) await fs.promises.cp(source, path.join(target, 'files'), { recursive: true, errorOnExist: true });
    const copied = fs.existsSync(path.join(target, 'files')) ? await sizeOf(path.join(target, 'files')) : { files: 0, bytes: 0 };
    files = copied.files;
    bytes += copied.bytes;
  }
  return { database, files, bytes };
};
