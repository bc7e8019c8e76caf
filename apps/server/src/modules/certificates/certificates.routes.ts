import { errorBody, runDetailParams } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { hostCertificate, revokeCertificate, verifyCertificate } from './certificates.service';
import { verifyPage } from './verify-page';
import { sendFile } from '../../lib/file-reply';

const tags = ['Runs'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Certificates of passed runs for their hosts, and the public page that checks one by its code. */
export const certificateRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const spaceCtx = (request: Parameters<typeof authOf>[0]) => ({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal });

  app.get(
    '/admin/resim/:id/games/:gameId/certificate',
    {
      schema: {
        tags,
        summary: "A passed run's certificate as a PDF, issued the first time it is asked for; 409 for a run that did not pass",
        params: runDetailParams,
        response: { 200: z.string().meta({ description: 'application/pdf' }), ...errors },
      },
    },
    async (request, reply) => {
      const file = await hostCertificate(spaceCtx(request), ctx.config.publicUrl, request.params.id, request.params.gameId);
      return sendFile(reply, 'application/pdf', file.name, file.pdf);
    },
  );

  app.post(
    '/admin/resim/:id/games/:gameId/certificate/revoke',
    {
      schema: {
        tags,
        summary: "Revoke a run's certificate (the space's owner): its verification page says so from then on",
        params: runDetailParams,
        response: { 200: z.object({ code: z.string(), revokedAt: z.string() }), ...errors },
      },
    },
    (request) => revokeCertificate(spaceCtx(request), request.params.id, request.params.gameId),
  );
};

/** GET /verify/{code}: public, rate-limited per address so that codes cannot be tried by the thousand. */
export const verifyRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  app.get(
    '/verify/:code',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Whether a certificate code is a valid certificate, and only what the certificate states; an HTML page',
        params: z.strictObject({ code: z.string().min(1).max(40) }),
        response: { 200: z.string().meta({ description: 'text/html' }), 404: z.string().meta({ description: 'text/html' }) },
      },
    },
    async (request, reply) => {
      const verification = await verifyCertificate(ctx.db, request.params.code);
      return reply
        .status(verification.state === 'unknown' ? 404 : 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(verifyPage(request.params.code, verification));
    },
  );
};
