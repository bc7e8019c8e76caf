import {
  controlParams,
  controlQuery,
  errorBody,
  exportBody,
  exportFile,
  idParams,
  importBody,
  importZipQuery,
  moveResimBody,
  newResimBody,
  ok,
  patchResimBody,
  resimSummary,
  scenarioCheck,
  scheduleEntry,
} from '@resim/contracts';
import { scenario } from '@resim/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors/app-error';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import * as resims from './resims.service';
import { exportResimsZip, importResimsZip } from './scenario-zip.service';
import { controlSession } from '../runs/session.service';

const tags = ['Scenarios'];
/** An export file may hold many scenarios. */
export const importBodyLimit = 20 * 1_048_576;
const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody.extend({ current: scenario.optional(), checkerErrors: z.number().int().optional() }),
};

/** If-Match: "7" or 7 names the revision an editor started from. */
export const revisionFromHeader = (request: FastifyRequest): number | undefined => {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(String(header));
  if (!match) throw badRequest('If-Match must name a revision number, e.g. If-Match: "3"');
  return Number(match[1]);
};

export const resimRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const spaceCtx = (request: FastifyRequest) => ({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal });

  app.get(
    '/admin/resim',
    { schema: { tags, summary: "Scenarios in the caller's spaces", response: { 200: z.array(resimSummary), ...errors } } },
    (request) => resims.listResims(spaceCtx(request)),
  );

  app.get(
    '/admin/schedule',
    {
      schema: {
        tags,
        summary: "Windows and openings of the scenarios in the caller's spaces",
        response: { 200: z.array(scheduleEntry), ...errors },
      },
    },
    (request) => resims.listSchedule(spaceCtx(request)),
  );

  app.post(
    '/admin/resim/new',
    {
      schema: {
        tags,
        summary: "Create 'New Simulation (Unfinished)' in a space",
        body: newResimBody,
        response: { 201: scenario, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await resims.createResim(spaceCtx(request), request.body.groupId, request.body.templateId, request.body.resimName)),
  );

  app.get(
    '/admin/resim/:id',
    { schema: { tags, summary: 'A whole scenario', params: idParams, response: { 200: scenario, ...errors } } },
    async (request, reply) => {
      const found = await resims.getResim(spaceCtx(request), request.params.id);
      return reply.header('etag', `"${found.revision}"`).send(found);
    },
  );

  app.get(
    '/admin/resim/:id/check',
    {
      schema: {
        tags,
        summary: 'The scenario checker: errors that keep it from opening, warnings, and figures of its runs',
        params: idParams,
        response: { 200: scenarioCheck, ...errors },
      },
    },
    (request) => resims.checkResim(spaceCtx(request), request.params.id),
  );

  app.patch(
    '/admin/resim/:id',
    {
      schema: {
        tags,
        summary: 'Save the changed parts; a stale revision gets 409 with the current scenario',
        params: idParams,
        body: patchResimBody,
        response: { 200: scenario, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await resims.patchResim(spaceCtx(request), request.params.id, request.body, revisionFromHeader(request));
      return reply.header('etag', `"${saved.revision}"`).send(saved);
    },
  );

  app.delete(
    '/admin/resim/:id',
    { schema: { tags, summary: 'Delete a scenario', params: idParams, response: { 200: ok, ...errors } } },
    async (request) => {
      await resims.deleteResim(spaceCtx(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/resim/:id/clone',
    { schema: { tags, summary: 'Copy a scenario into its space', params: idParams, response: { 201: scenario, ...errors } } },
    async (request, reply) => reply.status(201).send(await resims.cloneResim(spaceCtx(request), request.params.id)),
  );

  app.put(
    '/admin/resim/:id/space',
    {
      schema: {
        tags,
        summary: 'Move a scenario to another space: canMove of the space it leaves, edit rights in the one it enters',
        params: idParams,
        body: moveResimBody,
        response: { 200: scenario, ...errors },
      },
    },
    (request) => resims.moveResim(spaceCtx(request), request.params.id, request.body.spaceId),
  );

  app.post(
    '/admin/export',
    {
      schema: {
        tags,
        summary: 'Export scenarios as a file that import reads back',
        body: exportBody,
        response: { 200: exportFile, ...errors },
      },
    },
    (request) => resims.exportResims(spaceCtx(request), request.body.ids, request.body.history),
  );

  app.post(
    '/admin/import',
    {
      bodyLimit: importBodyLimit,
      schema: { tags, summary: 'Import an exported file into a space', body: importBody, response: { 201: z.array(scenario), ...errors } },
    },
    async (request, reply) => reply.status(201).send(await resims.importResims(spaceCtx(request), request.body.groupId, request.body.file)),
  );

  const zipCtx = (request: FastifyRequest) => ({ ...spaceCtx(request), files: ctx.files, storage: ctx.config.storage });

  app.post(
    '/admin/export/zip',
    {
      schema: {
        tags,
        summary: 'Export scenarios with the uploaded files they refer to, as a zip that /admin/import/zip reads back',
        description:
          'scenarios.json is the file of POST /admin/export; media/<key> each uploaded file the scenarios (and their histories, when asked for) refer to; media.json lists them with type, size and SHA-256. 409 when a file referred to is no longer stored.',
        body: exportBody,
        response: { 200: z.string().meta({ description: 'application/zip' }), 413: errorBody, ...errors },
      },
    },
    async (request, reply) => {
      const zip = await exportResimsZip(zipCtx(request), request.body.ids, request.body.history);
      // The reply is typed by the response schema, which describes the file as text: the stream is the zip's bytes.
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${zip.fileName}"`)
        .header('cache-control', 'no-store')
        .send(zip.body as unknown as string);
    },
  );

  // The zip comes as the request's body, read whole: only this route takes application/zip.
  await app.register(async (zipRoutes) => {
    zipRoutes.addContentTypeParser(
      'application/zip',
      { parseAs: 'buffer', bodyLimit: ctx.config.storage.zipMaxBytes },
      (_request, body, done) => done(null, body),
    );
    zipRoutes.withTypeProvider<ZodTypeProvider>().post(
      '/admin/import/zip',
      {
        schema: {
          tags,
          summary: 'Import a scenario zip into a space, its files stored anew here',
          description:
            'The body is the zip itself (Content-Type: application/zip). It is checked whole before anything is written; a zip that is not a scenario zip, or whose files do not match media.json, is refused with 400 naming the problem.',
          querystring: importZipQuery,
          consumes: ['application/zip'],
          body: z.unknown().meta({ description: 'the zip made by POST /admin/export/zip', type: 'string', format: 'binary' }),
          response: { 201: z.array(scenario), 413: errorBody, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await importResimsZip(zipCtx(request), request.query.groupId, request.body)),
    );
  });

  app.post(
    '/admin/control/:id/:status',
    {
      schema: {
        tags,
        summary: 'Change the run status (SPEC 4)',
        description:
          'A Stop of a live session while learners with extra time are still within their time is refused (409, naming them) ' +
          'unless accommodated says what to do with their runs: spare ends every other run and leaves theirs going, the session ' +
          'running and its lobby locked, until the next Stop; end ends them all now.',
        params: controlParams,
        querystring: controlQuery,
        response: { 200: scenario, ...errors },
      },
    },
    (request) =>
      controlSession(
        { ...spaceCtx(request), live: ctx.live, log: request.log },
        request.params.id,
        request.params.status,
        request.query.accommodated,
      ),
  );
};
