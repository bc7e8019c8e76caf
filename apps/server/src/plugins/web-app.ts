import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { isPlayerPath } from '@resim/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// Same depth from src/ (tsx) and dist/ (bundle): apps/server/<dir>/ -> apps/web/dist
export const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Serves the built web app, answering every page route with index.html. */
export const registerWebApp = async (app: FastifyInstance, options: { dir: string }): Promise<boolean> => {
  const index = path.join(options.dir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ dir: options.dir }, 'web app is not built; run npm run build');
    return false;
  }
  await app.register(fastifyStatic, {
    root: options.dir,
    // a route per built file, found at start; anything else falls through to the page handler
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build writes .br and .gz beside each file worth it; they are sent as they are, not compressed on each request.
    preCompressed: true,
    setHeaders: (res, file) => {
      // Hashed assets never change; index.html must always be fresh.
      res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      // The body depends on the encodings the browser accepts: a shared cache must not give a brotli copy to one that does not.
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return true;
};

/** A browser asking for a page (not the API) gets the app, which routes on the client. */
export const wantsPage = (request: FastifyRequest): boolean =>
  request.method === 'GET' && !request.url.startsWith('/admin/') && (request.headers.accept ?? '').includes('text/html');

/** The page a route opens: the player's for /play/..., the console's for everything else. */
export const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
  reply.header('cache-control', 'no-cache').sendFile(isPlayerPath(request.url) ? 'play.html' : 'index.html');
