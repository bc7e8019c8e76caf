import { errorBody, idParams, lrsCheck, lrsSettings, ok, putLrsBody, runStatement } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import * as records from './learning-records.service';

const tags = ['Learning records'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const learningRecordRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const recordsCtx = (request: Parameters<typeof authOf>[0]) => ({
    db: ctx.db,
    clock: ctx.clock,
    principal: authOf(request).principal,
    statements: ctx.statements,
  });

  app.get(
    '/admin/space/:id/lrs',
    {
      schema: {
        tags,
        summary: "Where the space's xAPI statements go (never the secret), and how many are queued, sent and failed",
        params: idParams,
        response: { 200: lrsSettings, ...errors },
      },
    },
    (request) => records.getLrs(recordsCtx(request), request.params.id),
  );

  app.put(
    '/admin/space/:id/lrs',
    {
      schema: {
        tags,
        summary: "Send the space's xAPI statements to an LRS (owner only); failed statements are tried again there",
        description:
          'The secret may be left out to keep the one stored. From then on every step of a run in the space is sent as statements.',
        params: idParams,
        body: putLrsBody,
        response: { 200: lrsSettings, ...errors },
      },
    },
    (request) => records.putLrs(recordsCtx(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/space/:id/lrs',
    { schema: { tags, summary: 'Send no more statements (owner only)', params: idParams, response: { 200: ok, ...errors } } },
    async (request) => {
      await records.deleteLrs(recordsCtx(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/space/:id/lrs/check',
    {
      schema: {
        tags,
        summary: "Ask the space's LRS whether it answers and accepts the key and secret",
        description: 'Answers 200 either way, with what the LRS said in plain words.',
        params: idParams,
        response: { 200: lrsCheck, ...errors },
      },
    },
    (request) => records.checkLrs(recordsCtx(request), request.params.id),
  );

  app.post(
    '/admin/space/:id/lrs/retry',
    {
      schema: {
        tags,
        summary: "Try the space's failed statements again (owner only)",
        params: idParams,
        response: { 200: z.object({ queued: z.number() }), ...errors },
      },
    },
    (request) => records.retryFailed(recordsCtx(request), request.params.id),
  );

  app.get(
    '/admin/space/:id/lrs/runs/:runId',
    {
      schema: {
        tags,
        summary: "Where a run's statements went",
        params: z.strictObject({ id: z.string().min(1).max(100), runId: z.string().min(1).max(100) }),
        response: { 200: z.array(runStatement), ...errors },
      },
    },
    (request) => records.runStatements(recordsCtx(request), request.params.id, request.params.runId),
  );
};
