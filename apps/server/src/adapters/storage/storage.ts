import type { Readable } from 'node:stream';

/** A part of a multipart upload as the store holds it. */
export type StoredPart = { readonly partNumber: number; readonly etag: string; readonly size: number };

export type StoredObject = { readonly size: number; readonly contentType: string };

/** Inclusive byte positions, as in an HTTP Range. */
export type ByteRange = { readonly start: number; readonly end: number };

/**
 * Where uploaded files live: files under DATA_DIR by default, S3 or an S3-compatible store when
 * configured. Both take multipart uploads whose parts the browser PUTs to presigned addresses.
 */
export type FileStore = {
  readonly description: string;
  /** origins the browser sends parts to, beside the product's own (for the content security policy) */
  readonly connectSources: readonly string[];
  /** answers the store's id of the new multipart upload */
  startUpload: (key: string, contentType: string) => Promise<string>;
  /** a signed, expiring address to PUT one part to; its answer carries the part's ETag */
  partUrl: (key: string, uploadId: string, partNumber: number, expiresInSeconds: number) => Promise<string>;
  /** the parts received so far, by number; undefined when the upload is unknown */
  listParts: (key: string, uploadId: string) => Promise<StoredPart[] | undefined>;
  /** joins the parts, in order, into the file at key */
  completeUpload: (key: string, uploadId: string, parts: readonly StoredPart[]) => Promise<void>;
  /** drops an upload and its parts; an unknown one is no error */
  abortUpload: (key: string, uploadId: string) => Promise<void>;
  /** stores a small file whole */
  put: (key: string, contentType: string, body: Buffer) => Promise<void>;
  head: (key: string) => Promise<StoredObject | undefined>;
  /** the file's bytes, or those of the range */
  read: (key: string, range?: ByteRange) => Promise<Readable>;
  /** an unknown key is no error */
  remove: (key: string) => Promise<void>;
  close: () => void;
};

/** Immutable keys: a file never changes once stored, so it may be cached for good. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';

export { isSafeKey } from '@resim/domain';

/** The extension a key ends with, by the type its file holds. */
export const extensionOfType: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'weba',
  'audio/flac': 'flac',
  'application/pdf': 'pdf',
};

const typeOfExtension: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(extensionOfType)
    .filter(([type]) => !type.includes('/x-'))
    .map(([type, extension]) => [extension, type]),
);

/** The type a key's file is served as, by its extension (the embedded store keeps no other record of it). */
export const typeOfKey = (key: string): string => typeOfExtension[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
