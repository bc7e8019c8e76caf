import crypto from 'node:crypto';
import {
  uploadChunkSize,
  uploadTypes,
  type StoredFile,
  type UploadCompleteBody,
  type UploadPart,
  type UploadStart,
  type UploadType,
} from '@resim/contracts';
import type { FileStore, StoredPart } from '../../adapters/storage/storage';
import { extensionOfType, isSafeKey } from '../../adapters/storage/storage';
import type { StorageConfig } from '../../config/config';
import type { Database } from '../../db/database';
import { AppError, badRequest } from '../../errors/app-error';
import type { Principal } from '../../identity/principal';
import { iso, type Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { checkContent, checkProp, sniffBytes } from './content-type';
import { deleteUpload, findOwnUpload, insertUpload, uploadsStartedBefore } from './uploads.repository';

export type UploadContext = {
  readonly db: Database;
  readonly clock: Clock;
  readonly files: FileStore;
  readonly storage: StorageConfig;
  readonly principal: Principal;
};

const uploadNotFound = () => new AppError('not_found', 'Upload not found');

/** The address a stored file is served from. */
export const fileUrl = (storage: StorageConfig, key: string): string => `${storage.artifactsUrl}/${key}`;

/**
 * A new key: a random folder of its own (so keys cannot be guessed or collide) and a file name
 * made safe from the one given, ending with the extension of its type.
 */
export const newKey = (fileName: string, fileType: string): string => {
  const base =
    fileName
      .replace(/\.[^./\\]*$/, '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, 100)
      .replace(/[.-]+$/, '') || 'file';
  const key = `${crypto.randomBytes(12).toString('hex')}/${base}.${extensionOfType[fileType] ?? 'bin'}`;
  if (!isSafeKey(key)) throw new Error(`made an unsafe key from ${JSON.stringify(fileName)}`);
  return key;
};

const checkKey = (key: string) => {
  if (!isSafeKey(key)) throw badRequest('The key is not valid');
};

const ownUpload = async (ctx: UploadContext, uploadId: string, key: string) => {
  checkKey(key);
  const row = await findOwnUpload(ctx.db, { uploadId, key, ownerId: ctx.principal.userId });
  if (!row) throw uploadNotFound();
  return row;
};

/** SPEC 7 step 1: the store starts a multipart upload under a new key. */
export const startUpload = async (
  ctx: UploadContext,
  query: { fileName: string; fileType: UploadType; prop?: string | undefined },
): Promise<UploadStart> => {
  checkProp(query.prop, query.fileType);
  const key = newKey(query.fileName, query.fileType);
  const uploadId = await ctx.files.startUpload(key, query.fileType);
  try {
    await insertUpload(ctx.db, {
      id: newId(),
      upload_id: uploadId,
      key,
      owner_id: ctx.principal.userId,
      file_name: query.fileName,
      file_type: query.fileType,
      prop: query.prop ?? null,
      created_at: iso(ctx.clock),
    });
  } catch (error) {
    await ctx.files.abortUpload(key, uploadId);
    throw error;
  }
  return { uploadId, key };
};

/** SPEC 7 step 2: a signed, expiring address for one part. */
export const partAddress = async (ctx: UploadContext, query: { key: string; part: number; uploadId: string }): Promise<UploadPart> => {
  await ownUpload(ctx, query.uploadId, query.key);
  const lastPart = Math.ceil(ctx.storage.maxBytes / uploadChunkSize);
  if (query.part > lastPart) {
    throw badRequest(
      `Part ${query.part} is past the limit of ${ctx.storage.maxBytes} bytes a file (${lastPart} parts of ${uploadChunkSize} bytes)`,
    );
  }
  return { presignedUrl: await ctx.files.partUrl(query.key, query.uploadId, query.part, ctx.storage.urlTtlSeconds) };
};

const bareETag = (etag: string) => etag.trim().replace(/^W\//, '').replaceAll('"', '');

/**
 * The parts named must be 1, 2, 3… each received with the ETag given; every part but the last
 * is a whole chunk (SPEC 9), and the file within the size limit.
 */
const checkParts = (named: UploadCompleteBody['parts'], stored: readonly StoredPart[], maxBytes: number): StoredPart[] => {
  const byNumber = new Map(stored.map((part) => [part.partNumber, part]));
  const parts = named.map((part, index) => {
    const number = Number(part.PartNumber);
    if (number !== index + 1) throw badRequest('Name the parts in order, numbered 1, 2, 3… each once');
    const received = byNumber.get(number);
    if (!received) throw badRequest(`Part ${number} has not been uploaded`);
    if (bareETag(received.etag) !== bareETag(part.ETag)) throw badRequest(`Part ${number}'s ETag does not match the part uploaded`);
    return received;
  });
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    if (part.size > uploadChunkSize || (!last && part.size !== uploadChunkSize)) {
      throw badRequest(
        `Part ${part.partNumber} is ${part.size} bytes: every part but the last is ${uploadChunkSize} bytes, the last at most that`,
      );
    }
  });
  const size = parts.reduce((sum, part) => sum + part.size, 0);
  if (size > maxBytes) throw new AppError('too_large', `The file is ${size} bytes, more than the limit of ${maxBytes}`);
  return parts;
};

/** Reads the stored file's first bytes and removes it when its content is not what it should be. */
const keepIfContentFits = async (files: FileStore, key: string, declared: string): Promise<number> => {
  const stored = await files.head(key);
  if (!stored) throw new Error(`the store lost ${key} as it was completed`);
  try {
    const chunks: Buffer[] = [];
    if (stored.size > 0) {
      for await (const chunk of await files.read(key, { start: 0, end: Math.min(sniffBytes, stored.size) - 1 }))
        chunks.push(chunk as Buffer);
    }
    await checkContent(Buffer.concat(chunks), declared);
  } catch (error) {
    await files.remove(key);
    throw error;
  }
  return stored.size;
};

/** SPEC 7 step 4: the parts become the file at key, once they and its content are right. */
export const completeUpload = async (ctx: UploadContext, body: UploadCompleteBody): Promise<StoredFile> => {
  const row = await ownUpload(ctx, body.uploadId, body.key);
  const stored = await ctx.files.listParts(row.key, row.upload_id);
  if (!stored) {
    await deleteUpload(ctx.db, row.id);
    throw uploadNotFound();
  }
  let parts: StoredPart[];
  try {
    parts = checkParts(body.parts, stored, ctx.storage.maxBytes);
  } catch (error) {
    // Too large never gets smaller: the upload is dropped. Other mistakes may be put right and sent again.
    if (error instanceof AppError && error.code === 'too_large') await abort(ctx, row);
    throw error;
  }
  await ctx.files.completeUpload(row.key, row.upload_id, parts);
  await deleteUpload(ctx.db, row.id);
  const size = await keepIfContentFits(ctx.files, row.key, row.file_type);
  return { key: row.key, url: fileUrl(ctx.storage, row.key), fileType: row.file_type, size };
};

const abort = async (ctx: Pick<UploadContext, 'db' | 'files'>, row: { id: string; key: string; upload_id: string }) => {
  await ctx.files.abortUpload(row.key, row.upload_id);
  await deleteUpload(ctx.db, row.id);
};

/** The parts received so far are dropped. */
export const abortUpload = async (ctx: UploadContext, uploadId: string, key: string): Promise<void> => {
  await abort(ctx, await ownUpload(ctx, uploadId, key));
};

const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** SPEC 7 POST /admin/image: a small image, sent whole as base64. */
export const uploadImage = async (
  ctx: UploadContext,
  body: { fileType: UploadType; content: string; prop?: string | undefined },
): Promise<StoredFile> => {
  checkProp(body.prop, body.fileType);
  if (uploadTypes[body.fileType] !== 'image') throw badRequest(`An image is wanted; ${body.fileType} is not one`);
  const text = body.content.replace(/^data:[^,]*;base64,/, '').replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !base64.test(text)) throw badRequest('The content is not base64');
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw badRequest('The image is empty');
  if (bytes.length > ctx.storage.imageMaxBytes) {
    throw new AppError('too_large', `The image is ${bytes.length} bytes, more than the limit of ${ctx.storage.imageMaxBytes}`);
  }
  await checkContent(bytes.subarray(0, sniffBytes), body.fileType);
  const key = newKey('image', body.fileType);
  await ctx.files.put(key, body.fileType, bytes);
  return { key, url: fileUrl(ctx.storage, key), fileType: body.fileType, size: bytes.length };
};

/**
 * Uploads neither completed nor aborted in time are dropped with their parts; answers how many.
 * `stopping` is asked before each: a process shutting down stops between uploads, never in one.
 */
export const sweepAbandonedUploads = async (
  ctx: Pick<UploadContext, 'db' | 'clock' | 'files' | 'storage'>,
  stopping: () => boolean = () => false,
): Promise<number> => {
  const before = new Date(ctx.clock.now().getTime() - ctx.storage.expiryHours * 60 * 60 * 1000).toISOString();
  const rows = await uploadsStartedBefore(ctx.db, before);
  let dropped = 0;
  for (const row of rows) {
    if (stopping()) break;
    await abort(ctx, row);
    dropped += 1;
  }
  return dropped;
};
