import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../errors/app-error';
import { randomSecret } from '../../lib/ids';
import { isSafeKey, typeOfKey, type FileStore, type StoredPart } from './storage';

/** The product's own path that files are served from and parts are PUT to. */
export const filesPath = '/files';

const uploadIdShape = /^[A-Za-z0-9_-]{16,64}$/;
// A part received whole is marked by a file "<number>-<ETag>" holding its size.
const partFileShape = /^(\d{1,5})-([0-9a-f]{32})$/;

/** The query of a part's signed address, as the product hands it out. */
export type PartAddress = {
  readonly key: string;
  readonly uploadId: string;
  readonly partNumber: number;
  /** seconds since the epoch */
  readonly expires: number;
  readonly signature: string;
};

export type LocalFileStore = FileStore & {
  readonly kind: 'local';
  /** whether the address is one this store signed and it has not expired */
  verifyPartAddress: (address: PartAddress, now: Date) => boolean;
  /** streams one part into place, refusing it past the part size; answers its ETag */
  receivePart: (address: PartAddress, body: Readable) => Promise<string>;
};

const notFound = () => new AppError('not_found', 'Upload not found');

/**
 * The embedded store: files under DATA_DIR/files by key, uploads under way in `.parts/` beside
 * them (never a key, which starts with a letter or digit), on one disk. Every part but the last is
 * partSize bytes (SPEC 9), so each is written straight to its place in the file being made, and
 * completing it is a rename: the bytes are written once. Part addresses are the product's own
 * (under PUBLIC_URL), signed with a key kept here.
 */
export const createLocalStore = async (dir: string, partSize: number, publicUrl: string): Promise<LocalFileStore> => {
  // Absolute, as S3's are: a client PUTs a part where it is told, whichever store the server has.
  const origin = publicUrl.replace(/\/+$/, '');
  const partsDir = path.join(dir, '.parts');
  await fsp.mkdir(partsDir, { recursive: true });
  const secret = await signingKey(path.join(dir, '.signing-key'));
  // Two copies of one part at once would write over each other.
  const receiving = new Set<string>();

  const keyPath = (key: string) => {
    if (!isSafeKey(key)) throw new AppError('bad_request', 'The key is not valid');
    const resolved = path.resolve(dir, key);
    if (!resolved.startsWith(dir + path.sep)) throw new AppError('bad_request', 'The key is not valid');
    return resolved;
  };
  const uploadDir = (uploadId: string) => {
    if (!uploadIdShape.test(uploadId)) throw notFound();
    return path.join(partsDir, uploadId);
  };
  const sign = (address: Omit<PartAddress, 'signature'>) =>
    crypto
      .createHmac('sha256', secret)
      .update(`${address.key}\n${address.uploadId}\n${address.partNumber}\n${address.expires}`)
      .digest('base64url');
  const readMeta = async (uploadId: string): Promise<{ key: string } | undefined> => {
    try {
      return JSON.parse(await fsp.readFile(path.join(uploadDir(uploadId), 'upload.json'), 'utf8')) as { key: string };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const listParts = async (key: string, uploadId: string): Promise<StoredPart[] | undefined> => {
    const meta = await readMeta(uploadId);
    if (meta?.key !== key) return undefined;
    const folder = uploadDir(uploadId);
    const parts: StoredPart[] = [];
    for (const name of await fsp.readdir(folder)) {
      const match = partFileShape.exec(name);
      if (!match) continue;
      const size = Number(await fsp.readFile(path.join(folder, name), 'utf8'));
      parts.push({ partNumber: Number(match[1]), etag: `"${match[2]}"`, size });
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  };

  return {
    kind: 'local',
    description: `files under ${dir}`,
    connectSources: [],
    startUpload: async (key) => {
      keyPath(key);
      const uploadId = randomSecret(18);
      await fsp.mkdir(uploadDir(uploadId));
      await fsp.writeFile(path.join(uploadDir(uploadId), 'data'), '');
      await fsp.writeFile(path.join(uploadDir(uploadId), 'upload.json'), JSON.stringify({ key }));
      return uploadId;
    },
    partUrl: (key, uploadId, partNumber, expiresInSeconds) => {
      const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
      const query = new URLSearchParams({
        uploadId,
        partNumber: String(partNumber),
        expires: String(expires),
        signature: sign({ key, uploadId, partNumber, expires }),
      });
      return Promise.resolve(`${origin}${filesPath}/${key}?${query.toString()}`);
    },
    verifyPartAddress: (address, now) => {
      const expected = Buffer.from(sign(address));
      const given = Buffer.from(address.signature);
      return given.length === expected.length && crypto.timingSafeEqual(given, expected) && address.expires * 1000 > now.getTime();
    },
    receivePart: async (address, body) => {
      const inFlight = `${address.uploadId}/${address.partNumber}`;
      if (receiving.has(inFlight)) throw new AppError('conflict', `Part ${address.partNumber} is being received already`);
      receiving.add(inFlight);
      try {
        const meta = await readMeta(address.uploadId);
        if (meta?.key !== address.key) throw notFound();
        const folder = uploadDir(address.uploadId);
        // The part's place is no longer what an earlier copy of it left there.
        for (const name of await fsp.readdir(folder)) {
          if (partFileShape.exec(name)?.[1] === String(address.partNumber)) await fsp.rm(path.join(folder, name), { force: true });
        }
        let received = 0;
        const count = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            received += chunk.length;
            if (received > partSize) return done(new AppError('too_large', `A part may be at most ${partSize} bytes`));
            done(null, chunk);
          },
        });
        await pipeline(
          body,
          count,
          fs.createWriteStream(path.join(folder, 'data'), { flags: 'r+', start: (address.partNumber - 1) * partSize }),
        );
        // An ETag names this copy of the part, as S3's does; the client gives it back to complete.
        const etag = crypto.randomBytes(16).toString('hex');
        await fsp.writeFile(path.join(folder, `${address.partNumber}-${etag}`), String(received));
        return `"${etag}"`;
      } catch (error) {
        // The upload was aborted or swept while this part was arriving.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw notFound();
        throw error;
      } finally {
        receiving.delete(inFlight);
      }
    },
    listParts,
    completeUpload: async (key, uploadId, parts) => {
      const target = keyPath(key);
      // A part still arriving would go on writing into the finished file.
      if ([...receiving].some((inFlight) => inFlight.startsWith(`${uploadId}/`))) {
        throw new AppError('conflict', 'A part is still being received: complete the upload once every part is sent');
      }
      const data = path.join(uploadDir(uploadId), 'data');
      // Parts sent but not named, or a longer copy of the last one, are cut off.
      await fsp.truncate(
        data,
        parts.reduce((size, part) => size + part.size, 0),
      );
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.rename(data, target);
      await fsp.rm(uploadDir(uploadId), { recursive: true, force: true });
    },
    abortUpload: async (_key, uploadId) => {
      await fsp.rm(uploadDir(uploadId), { recursive: true, force: true });
    },
    put: async (key, _contentType, body) => {
      const target = keyPath(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temporary = path.join(partsDir, `${randomSecret(12)}.tmp`);
      await fsp.writeFile(temporary, body);
      await fsp.rename(temporary, target);
    },
    head: async (key) => {
      if (!isSafeKey(key)) return undefined;
      try {
        const stat = await fsp.stat(keyPath(key));
        return stat.isFile() ? { size: stat.size, contentType: typeOfKey(key) } : undefined;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    read: (key, range) => Promise.resolve(fs.createReadStream(keyPath(key), range ? { start: range.start, end: range.end } : {})),
    remove: async (key) => {
      const target = keyPath(key);
      await fsp.rm(target, { force: true });
      // The key's folder holds only it.
      await fsp.rmdir(path.dirname(target)).catch(() => undefined);
    },
    close: () => undefined,
  };
};

/** The key part addresses are signed with, made on first start and kept with the files. */
const signingKey = async (file: string): Promise<Buffer> => {
  try {
    await fsp.writeFile(file, crypto.randomBytes(32), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process started first and made it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fsp.readFile(file);
};
