import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers depend on its options only, not on the request, so they are computed once
 * at start instead of on every request (which cost a tenth of the API's throughput).
 */
export const computeSecurityHeaders = (options: HelmetOptions): [string, string][] => {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return [...headers];
};

/**
 * What a built script or stylesheet needs of them: the others (the content policy, framing,
 * the opener) rule documents, and on each of a page's assets they were a kilobyte a phone downloads.
 */
const assetHeaders = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

/** The build's hashed files (scripts, stylesheets), never a document. */
const isBuiltAsset = (url: string): boolean => url.startsWith('/assets/');

/** Pages another site may frame, with the headers that allow it. */
export type FramedPages = { readonly matches: (url: string) => boolean; readonly options: HelmetOptions };

/** Sets the headers on the raw response, so pages written by the issuer get them too. */
export const registerSecurityHeaders = (app: FastifyInstance, options: HelmetOptions, framed?: FramedPages): void => {
  const headers = computeSecurityHeaders(options);
  const forAssets = headers.filter(([name]) => assetHeaders.has(name));
  const forFramed = framed ? computeSecurityHeaders(framed.options) : headers;
  app.addHook('onRequest', (request, reply, done) => {
    const chosen = isBuiltAsset(request.url) ? forAssets : framed?.matches(request.url) ? forFramed : headers;
    for (const [name, value] of chosen) reply.raw.setHeader(name, value);
    done();
  });
};
