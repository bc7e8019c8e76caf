import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import { mediaManifest, scenarioZipFileName, type MediaManifest } from '@resim/contracts';
import { isSafeKey, readExportHistories, referencedFileKeys, rewriteFileUrls, type Scenario, type ScenarioContent } from '@resim/domain';
import type { FileStore } from '../../adapters/storage/storage';
import { typeOfKey } from '../../adapters/storage/storage';
import type { StorageConfig } from '../../config/config';
import { AppError, badRequest, conflict } from '../../errors/app-error';
import type { SpaceContext } from '../spaces/spaces.service';
import { checkContent, sniffBytes } from '../uploads/content-type';
import { fileUrl, newKey } from '../uploads/uploads.service';
import { checkImportSpace, exportResims, insertImported, readImportFile, type ReadImport } from './resims.service';
import { entryBytes, zipEntries, zipStream, type ZipEntry } from './scenario-zip';

export type ZipContext = SpaceContext & { readonly files: FileStore; readonly storage: StorageConfig };

const scenariosName = 'scenarios.json';
const manifestName = 'media.json';
const mediaFolder = 'media/';
/** As large as a JSON export may be (`importBodyLimit`), and a manifest of 10,000 files. */
const scenariosMaxBytes = 20 * 1_048_576;
const manifestMaxBytes = 4 * 1_048_576;

const utf8 = (text: string) => new TextEncoder().encode(text);
const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Every version's content: the scenario as it is and, when the read carries it, its history. */
const contentsOf = (read: ReadImport, index: number): ScenarioContent[] => [
  read.scenarios[index]!,
  ...(read.histories[index] ?? []).map((version) => version.content),
];

/** The keys of the files the scenarios and their histories refer to, each once. */
const keysOf = (read: ReadImport, artifactsUrl: string): string[] => [
  ...new Set(read.scenarios.flatMap((_, index) => contentsOf(read, index).flatMap((content) => referencedFileKeys(content, artifactsUrl)))),
];

/**
 * A scenario zip: `scenarios.json` (the export file of POST /admin/export), `media/<key>` for each
 * uploaded file the scenarios or their histories refer to, and `media.json` listing them with their
 * type, size and SHA-256. A file referred to but no longer stored refuses the export (409) with its
 * address, rather than making a zip that would import with a broken medium.
 */
export const exportResimsZip = async (
  ctx: ZipContext,
  ids: readonly string[],
  history = false,
): Promise<{ fileName: string; body: Readable }> => {
  const file = await exportResims(ctx, ids, history);
  const histories = readExportHistories(file, file.scenarios.length);
  const keys = keysOf({ scenarios: file.scenarios, histories: histories.ok ? histories.histories : [] }, ctx.storage.artifactsUrl);
  let total = 0;
  const missing: string[] = [];
  for (const key of keys) {
    const stored = await ctx.files.head(key);
    if (stored) total += stored.size;
    else missing.push(fileUrl(ctx.storage, key));
  }
  if (missing.length > 0) {
    throw conflict(
      `${missing.length === 1 ? 'A file the scenario refers to is' : 'Files the scenario refers to are'} no longer stored: ${missing.join(', ')}. Remove ${missing.length === 1 ? 'it' : 'them'} from the scenario or upload ${missing.length === 1 ? 'it' : 'them'} again, or export without media`,
    );
  }
  if (total > ctx.storage.zipMaxBytes) {
    throw new AppError(
      'too_large',
      `The scenario's media come to ${total} bytes, more than the ${ctx.storage.zipMaxBytes} a scenario zip may hold (IMPORT_ZIP_MAX_BYTES)`,
    );
  }
  const files: MediaManifest['files'] = [];
  const media = keys.map((key) => ({
    name: `${mediaFolder}${key}`,
    chunks: async function* () {
      const hash = crypto.createHash('sha256');
      let size = 0;
      for await (const chunk of await ctx.files.read(key)) {
        const bytes = chunk as Buffer;
        hash.update(bytes);
        size += bytes.length;
        yield bytes;
      }
      files.push({ key, fileType: typeOfKey(key), size, sha256: hash.digest('hex') });
    },
  }));
  const manifest = (): MediaManifest => ({ format: 'resim-media', version: 1, artifactsUrl: ctx.storage.artifactsUrl, files });
  const body = Readable.from(
    zipStream([{ name: scenariosName, bytes: utf8(JSON.stringify(file)) }, ...media], () => [
      { name: manifestName, bytes: utf8(JSON.stringify(manifest(), null, 2)) },
    ]),
  );
  return { fileName: scenarioZipFileName(file.scenarios.map((content) => content.resimName)), body };
};

/** Why an entry's path could lead out of the folder it is unpacked in, if it could. */
const pathProblem = (name: string): string | undefined => {
  if (name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name))
    return `${name} is an absolute path; a scenario zip holds relative ones`;
  if (name.split('/').some((part) => part === '..' || part === '.')) return `${name} leads out of the zip's folder`;
  return undefined;
};

/** Why an entry's name has no place in a scenario zip, if it has none. */
const nameProblem = (name: string): string | undefined => {
  const problem = pathProblem(name);
  if (problem) return problem;
  if (name === scenariosName || name === manifestName) return undefined;
  if (name.startsWith(mediaFolder) && isSafeKey(name.slice(mediaFolder.length))) return undefined;
  return `${name} is not part of a scenario zip, which holds ${scenariosName}, ${manifestName} and ${mediaFolder}<key> files only`;
};

const parseJson = (zip: Uint8Array, entry: ZipEntry, maxBytes: number): unknown => {
  if (entry.size > maxBytes) throw badRequest(`${entry.name} is ${entry.size} bytes, more than the ${maxBytes} it may be`);
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(entryBytes(zip, entry))) as unknown;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(`${entry.name} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
};

type CheckedZip = {
  readonly read: ReadImport;
  readonly manifest: MediaManifest;
  /** each file's bytes, by its key in the zip */
  readonly media: ReadonlyMap<string, Uint8Array>;
};

/**
 * A scenario zip checked whole before anything is written: a zip of known names only, none twice
 * or outside its folder, unpacking to no more than the import takes; scenarios.json an export that
 * import reads; every file of media.json in the zip and every file of the zip in media.json, each
 * of its size, SHA-256 and type (sniffed from its bytes as uploads are); every file the scenarios
 * refer to in it.
 */
const checkZip = async (zip: Uint8Array, storage: StorageConfig): Promise<CheckedZip> => {
  const entries = new Map<string, ZipEntry>();
  let unpacked = 0;
  for (const entry of zipEntries(zip)) {
    // Folders are made by many zip tools; they hold nothing.
    const folder = entry.name.endsWith('/') && entry.size === 0;
    const problem = folder ? pathProblem(entry.name.slice(0, -1)) : nameProblem(entry.name);
    if (problem) throw badRequest(problem);
    if (folder) continue;
    if (entries.has(entry.name)) throw badRequest(`${entry.name} is in the zip twice`);
    entries.set(entry.name, entry);
    unpacked += entry.size;
  }
  if (unpacked > storage.zipMaxBytes) {
    throw badRequest(`The zip unpacks to ${unpacked} bytes, more than the ${storage.zipMaxBytes} an import takes`);
  }

  const scenariosEntry = entries.get(scenariosName);
  if (!scenariosEntry) throw badRequest(`The zip has no ${scenariosName}`);
  let read: ReadImport;
  try {
    read = readImportFile(parseJson(zip, scenariosEntry, scenariosMaxBytes));
  } catch (error) {
    if (error instanceof AppError) throw badRequest(`${scenariosName}: ${error.message}`);
    throw error;
  }

  const manifestEntry = entries.get(manifestName);
  if (!manifestEntry) throw badRequest(`The zip has no ${manifestName}`);
  const parsed = mediaManifest.safeParse(parseJson(zip, manifestEntry, manifestMaxBytes));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`);
    throw badRequest(`${manifestName} is not a media manifest: ${problems.slice(0, 5).join('; ')}`);
  }
  const manifest = parsed.data;

  const media = new Map<string, Uint8Array>();
  for (const file of manifest.files) {
    const name = `${mediaFolder}${file.key}`;
    if (!isSafeKey(file.key)) throw badRequest(`${manifestName} names ${name}, which is not a file's key`);
    if (media.has(file.key)) throw badRequest(`${manifestName} lists ${name} twice`);
    const entry = entries.get(name);
    if (!entry) throw badRequest(`${name} is listed in the manifest but not in the zip`);
    if (entry.size !== file.size) throw badRequest(`${name} is ${entry.size} bytes, not the ${file.size} the manifest says`);
    if (file.size > storage.maxBytes) throw badRequest(`${name} is ${file.size} bytes, more than the limit of ${storage.maxBytes} a file`);
    // Each file is unpacked and hashed at once: other requests are served between files.
    await setImmediate();
    const bytes = entryBytes(zip, entry);
    if (sha256(bytes) !== file.sha256) throw badRequest(`${name} is not the file the manifest lists: its SHA-256 differs`);
    try {
      await checkContent(bytes.subarray(0, sniffBytes), file.fileType);
    } catch (error) {
      if (error instanceof AppError) throw badRequest(`${name}: ${error.message}`);
      throw error;
    }
    media.set(file.key, bytes);
  }
  for (const name of entries.keys()) {
    if (name.startsWith(mediaFolder) && !media.has(name.slice(mediaFolder.length))) {
      throw badRequest(`${name} is in the zip but not listed in the manifest`);
    }
  }
  read.scenarios.forEach((_, index) => {
    for (const content of contentsOf(read, index)) {
      const absent = referencedFileKeys(content, manifest.artifactsUrl).find((key) => !media.has(key));
      if (absent) throw badRequest(`scenarios[${index}] refers to ${manifest.artifactsUrl}/${absent}, which is not in the zip`);
    }
  });
  return { read, manifest, media };
};

/**
 * A scenario zip imported into a space: checked whole first, then each file stored under a new
 * key of this server and the scenarios' (and histories') references to it rewritten to its address
 * here, then the scenarios added as an export file is. Nothing stays when any step fails.
 */
export const importResimsZip = async (ctx: ZipContext, spaceId: string, zip: unknown): Promise<Scenario[]> => {
  await checkImportSpace(ctx, spaceId);
  if (!(zip instanceof Uint8Array)) throw badRequest('Send the zip as the body, with Content-Type: application/zip');
  const { read, manifest, media } = await checkZip(zip, ctx.storage);
  const stored: string[] = [];
  const urls = new Map<string, string>();
  const removeStored = async () => {
    for (const key of stored) await ctx.files.remove(key).catch(() => undefined);
  };
  try {
    for (const file of manifest.files) {
      const key = newKey(file.key.slice(file.key.indexOf('/') + 1), file.fileType);
      const bytes = media.get(file.key)!;
      await ctx.files.put(key, file.fileType, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      stored.push(key);
      urls.set(file.key, fileUrl(ctx.storage, key));
    }
    const rewrite = (content: ScenarioContent) => rewriteFileUrls(content, manifest.artifactsUrl, urls);
    return await insertImported(ctx, spaceId, {
      scenarios: read.scenarios.map(rewrite),
      histories: read.histories.map((versions) => versions?.map((version) => ({ ...version, content: rewrite(version.content) })) ?? null),
    });
  } catch (error) {
    await removeStored();
    throw error;
  }
};
