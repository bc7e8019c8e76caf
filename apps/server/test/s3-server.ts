import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

export type TestS3 = {
  /** the store's settings for the product */
  readonly env: Record<string, string>;
  readonly stop: () => Promise<void>;
};

type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  body: unknown;
};
type S3rverInternals = {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  store: { getResourcePath: (bucket: string, key: undefined, resource: string) => string };
};

const noSuchUpload = (ctx: KoaContext) => {
  ctx.status = 404;
  ctx.body = { Error: { Code: 'NoSuchUpload', Message: 'The specified upload does not exist.' } };
};

/**
 * s3rver, a loopback S3 that checks signatures and stores multipart uploads on disk, answers
 * neither ListParts nor AbortMultipartUpload; these two are added over its own upload folders,
 * as S3 answers them.
 */
export const startTestS3 = async (bucket = 'resim-media'): Promise<TestS3> => {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'resim-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const internals = server as unknown as S3rverInternals;
  const uploadsDir = internals.store.getResourcePath(bucket, undefined, 'uploads');
  // Before its router, after its signature and XML handling.
  internals.middleware.splice(internals.middleware.length - 1, 0, async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (!uploadId || !ctx.path.startsWith(`/${bucket}/`) || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next();
    const folder = path.join(uploadsDir, path.basename(uploadId));
    const names = await fs.readdir(folder).catch(() => undefined);
    if (!names) return noSuchUpload(ctx);
    if (ctx.method === 'DELETE') {
      await fs.rm(folder, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => ({
        PartNumber: number,
        ETag: JSON.stringify(await fs.readFile(path.join(folder, `${number}.md5`), 'utf8')),
        Size: (await fs.stat(path.join(folder, String(number)))).size,
      })),
    );
    ctx.body = { ListPartsResult: { Bucket: bucket, UploadId: uploadId, IsTruncated: false, Part: parts } };
  });
  const address = (await server.run()) as AddressInfo;
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${address.port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
};
