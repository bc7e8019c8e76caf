import {
  errorBody,
  historyPage,
  historyQuery,
  idParams,
  nameVersionBody,
  restoreVersionBody,
  scenarioVersion,
  versionContent,
  versionDiff,
  versionDiffQuery,
  versionParams,
} from '@resim/contracts';
import { scenario } from '@resim/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { revisionFromHeader } from '../resims/resims.routes';
import { diffHistory, getVersion, listHistory, nameVersion, restoreVersion } from './resim-history.service';

const tags = ['Scenario history'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody.extend({ current: scenario.optional() }) };

/** Version history of a scenario: seen by anyone in its space; restoring and naming need edit rights, as a save does. */
export const resimHistoryRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const spaceCtx = (request: FastifyRequest) => ({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal });

  app.get(
    '/admin/resim/:id/history',
    {
      schema: {
        tags,
        summary: 'The saves of a scenario, newest first: author, time, items changed, name',
        params: idParams,
        querystring: historyQuery,
        response: { 200: historyPage, ...errors },
      },
    },
    (request) => listHistory(spaceCtx(request), request.params.id, request.query),
  );

  app.get(
    '/admin/resim/:id/history/diff',
    {
      schema: {
        tags,
        summary: 'What changed from one version to another, item by item in words (from a later version: what going back changes)',
        params: idParams,
        querystring: versionDiffQuery,
        response: { 200: versionDiff, ...errors },
      },
    },
    (request) => diffHistory(spaceCtx(request), request.params.id, request.query.from, request.query.to),
  );

  app.get(
    '/admin/resim/:id/history/:revision',
    {
      schema: { tags, summary: 'The content saved at a revision', params: versionParams, response: { 200: versionContent, ...errors } },
    },
    (request) => getVersion(spaceCtx(request), request.params.id, request.params.revision),
  );

  app.post(
    '/admin/resim/:id/history/:revision/restore',
    {
      schema: {
        tags,
        summary: 'Save a version again as a new revision, through the checks of a save; a stale revision gets 409',
        params: versionParams,
        body: restoreVersionBody,
        response: { 200: scenario, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await restoreVersion(
        spaceCtx(request),
        request.params.id,
        request.params.revision,
        request.body.revision,
        revisionFromHeader(request),
      );
      return reply.header('etag', `"${saved.revision}"`).send(saved);
    },
  );

  app.put(
    '/admin/resim/:id/history/:revision/name',
    {
      schema: {
        tags,
        summary: 'Name a version ("used for the March exam"); null or blank removes the name',
        params: versionParams,
        body: nameVersionBody,
        response: { 200: scenarioVersion, ...errors },
      },
    },
    (request) => nameVersion(spaceCtx(request), request.params.id, request.params.revision, request.body.name),
  );
};
