import { Readable } from 'node:stream';
import type { S3Storage } from '../../config/config';
import { AppError } from '../../errors/app-error';
import { immutableCacheControl, type FileStore, type StoredPart } from './storage';

/** The origin the browser PUTs parts to: the endpoint, with the bucket in the host unless path style. */
const bucketOrigin = (config: S3Storage): string => {
  if (config.endpoint) {
    const endpoint = new URL(config.endpoint);
    return config.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${config.bucket}.${endpoint.host}`;
  }
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
};

/**
 * Amazon S3 or any S3-compatible store: parts go straight from the browser to the bucket by S3's
 * own presigned multipart addresses. The bucket's CORS rules must allow PUT from the product's
 * origin and expose the ETag header.
 */
export const createS3Store = async (config: S3Storage): Promise<FileStore> => {
  // Loaded only where a bucket is set up: ≈ 7 MB of heap a process would otherwise carry.
  const [
    {
      AbortMultipartUploadCommand,
      CompleteMultipartUploadCommand,
      CreateMultipartUploadCommand,
      DeleteObjectCommand,
      GetObjectCommand,
      HeadObjectCommand,
      ListPartsCommand,
      PutObjectCommand,
      S3Client,
      S3ServiceException,
      UploadPartCommand,
    },
    { getSignedUrl },
  ] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException && (error.name === 'NoSuchUpload' || error.name === 'NoSuchKey' || error.name === 'NotFound');
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // A checksum signed into a part's address would be of no body; browsers send none.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    description: `S3 bucket ${Bucket}${config.endpoint ? ` at ${config.endpoint}` : ''}`,
    connectSources: [bucketOrigin(config)],
    startUpload: async (Key, ContentType) => {
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key, ContentType, CacheControl: immutableCacheControl }),
      );
      if (!UploadId) throw new Error('the store started an upload without an id');
      return UploadId;
    },
    partUrl: (Key, UploadId, PartNumber, expiresIn) =>
      getSignedUrl(client, new UploadPartCommand({ Bucket, Key, UploadId, PartNumber }), { expiresIn }),
    listParts: async (Key, UploadId) => {
      const parts: StoredPart[] = [];
      let marker: string | undefined;
      try {
        for (;;) {
          const page = await client.send(new ListPartsCommand({ Bucket, Key, UploadId, PartNumberMarker: marker }));
          for (const part of page.Parts ?? []) {
            parts.push({ partNumber: part.PartNumber ?? 0, etag: part.ETag ?? '', size: part.Size ?? 0 });
          }
          if (!page.IsTruncated || !page.NextPartNumberMarker) break;
          marker = page.NextPartNumberMarker;
        }
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      return parts;
    },
    completeUpload: async (Key, UploadId, parts) => {
      try {
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key,
            UploadId,
            MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
          }),
        );
      } catch (error) {
        if (isMissing(error)) throw new AppError('not_found', 'Upload not found');
        if (error instanceof S3ServiceException && error.name.startsWith('InvalidPart'))
          throw new AppError('bad_request', 'The parts do not match what was uploaded');
        throw error;
      }
    },
    abortUpload: async (Key, UploadId) => {
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
    put: async (Key, ContentType, Body) => {
      await client.send(
        new PutObjectCommand({ Bucket, Key, ContentType, Body, ContentLength: Body.length, CacheControl: immutableCacheControl }),
      );
    },
    head: async (Key) => {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    read: async (Key, range) => {
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      if (!(object.Body instanceof Readable)) throw new Error('the store answered without a body');
      return object.Body;
    },
    remove: async (Key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    close: () => client.destroy(),
  };
};
