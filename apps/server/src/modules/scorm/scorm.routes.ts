import {
  errorBody,
  idParams,
  ok,
  scormExportBody,
  scormLaunch,
  scormLaunchBody,
  scormPackage,
  scormPackageParams,
  scormResult,
  scormResultParams,
} from '@resim/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { SocketHub } from '../runs/socket-hub';
import type { ModuleContext } from '../module-context';
import * as scorm from './scorm.service';

const tags = ['SCORM'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The console's side: export a scenario as a SCORM package, list and withdraw its packages (authenticated scope). */
export const scormRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const spaceCtx = (request: FastifyRequest) => ({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal });

  app.post(
    '/admin/resim/:id/scorm',
    {
      schema: {
        tags,
        summary: 'Export the scenario as a SCORM 1.2 or 2004 package (a zip), for LMSs that take neither LTI nor xAPI',
        description:
          "Each export carries a key of its own: an LMS learner who opens the package joins the scenario's current opening. Withdraw a package to refuse its launches.",
        params: idParams,
        body: scormExportBody,
        response: { 200: z.string().meta({ description: 'application/zip' }), ...errors },
      },
    },
    async (request, reply) => {
      const file = await scorm.exportPackage(spaceCtx(request), ctx.config.publicUrl, request.params.id, request.body.version);
      // The reply is typed by the response schema, which describes the file as text: the buffer is the zip's bytes.
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(file.bytes) as unknown as string);
    },
  );

  app.get(
    '/admin/resim/:id/scorm',
    {
      schema: {
        tags,
        summary: "The scenario's SCORM packages, newest first, with the runs their learners started",
        params: idParams,
        response: { 200: z.array(scormPackage), ...errors },
      },
    },
    (request) => scorm.listPackages(spaceCtx(request), request.params.id),
  );

  app.delete(
    '/admin/resim/:id/scorm/:packageId',
    {
      schema: {
        tags,
        summary: 'Withdraw a SCORM package: its launches are refused from now on; runs already played stay',
        params: scormPackageParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await scorm.revokePackage(spaceCtx(request), request.params.id, request.params.packageId);
      return { ok: true as const };
    },
  );
};

/**
 * The package's side, called from the LMS's pages (any origin, no cookies): a launch and a run's
 * result. Both are plain CORS requests answered to any origin, as the package's key and the run
 * token are what authorise them.
 */
export const scormLaunchRoutes: FastifyPluginAsyncZod<ModuleContext & { readonly hub: SocketHub }> = async (app, ctx) => {
  const launchCtx = { db: ctx.db, clock: ctx.clock, live: ctx.live, capacity: ctx.hub };
  const anyOrigin = (reply: FastifyReply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'content-type, x-run-token')
      .header('access-control-max-age', '600');
  app.addHook('onRequest', async (_request, reply) => {
    anyOrigin(reply);
  });
  app.options('/learn/scorm/*', { schema: { hide: true } }, (_request, reply) => reply.status(204).send());

  app.post(
    '/learn/scorm/launch',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['Player'],
        summary: "An LMS opened a SCORM package: its learner joins the scenario's current opening or resumes their run",
        body: scormLaunchBody,
        response: { 200: scormLaunch, ...errors },
      },
    },
    (request) => scorm.launch(launchCtx, ctx.config.publicUrl, request.body),
  );

  app.get(
    '/learn/scorm/result/:gameId',
    {
      schema: {
        tags: ['Player'],
        summary: "A launched run's completion, success and scaled score, as its SCORM package tells the LMS",
        params: scormResultParams,
        response: { 200: scormResult, ...errors },
      },
    },
    (request) => {
      const header = request.headers['x-run-token'];
      return scorm.result(launchCtx, request.params.gameId, typeof header === 'string' && header.length <= 200 ? header : null);
    },
  );
};
