import { maxUploadParts, uploadChunkSize } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { filesPath, type LocalFileStore } from '../../adapters/storage/local-store';
import { immutableCacheControl, isSafeKey, type ByteRange, type FileStore } from '../../adapters/storage/storage';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';

/**
 * A single range of an HTTP Range header over a file of `size` bytes: the range, 'unsatisfiable',
 * or undefined to send the whole file (no header, one not understood, or several ranges).
 */
export const parseRange = (header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined => {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
};

const partQuery = z.object({
  uploadId: z.string().min(1).max(64),
  partNumber: z.coerce.number().int().min(1).max(maxUploadParts),
  expires: z.coerce.number().int(),
  signature: z.string().min(1).max(100),
});

const notFound = () => new AppError('not_found', 'File not found');

/**
 * Files by key at the product's own /files (ARTIFACTS_URL by default), from whichever store holds
 * them: the right type, cached for good (keys never change), ranges for seeking in video. With the
 * embedded store, parts are PUT here to the signed addresses it hands out.
 */
export const fileRoutes: FastifyPluginAsyncZod<{ files: FileStore; clock: Clock }> = async (app, { files, clock }) => {
  // HEAD is its own method here: Fastify's automatic one would read the whole file to drop it.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${filesPath}/*`,
    schema: { hide: true },
    compress: false,
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const stored = isSafeKey(key) ? await files.head(key) : undefined;
      if (!stored) throw notFound();
      reply.header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, stored.size);
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${stored.size}`)
          .send({ code: 'range_not_satisfiable', message: `The file is ${stored.size} bytes` });
      }
      reply.header('content-type', stored.contentType).header('cache-control', immutableCacheControl);
      if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`);
      reply.header('content-length', range ? range.end - range.start + 1 : stored.size);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(await files.read(key, range));
    },
  });

  if (!('receivePart' in files)) return;
  const local = files as LocalFileStore;
  // A part's bytes are streamed to disk as they come, whatever type the browser gives them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.put(`${filesPath}/*`, { schema: { hide: true, querystring: partQuery } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const query = request.query;
    const address = { key, ...query };
    if (!local.verifyPartAddress(address, clock.now())) throw new AppError('forbidden', 'This upload address is not valid or has expired');
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > uploadChunkSize) throw new AppError('too_large', `A part may be at most ${uploadChunkSize} bytes`);
    let etag: string;
    try {
      etag = await local.receivePart(address, request.raw);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE')
        throw new AppError('bad_request', 'The part was not received whole');
      throw error;
    }
    return reply.header('etag', etag).header('access-control-expose-headers', 'ETag').send();
  });
};
