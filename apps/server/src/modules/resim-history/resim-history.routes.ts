import { errorBody, historyPage, historyQuery, idParams, versionContent, versionParams } from '@resim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { getVersion, listHistory } from './resim-history.service';

const tags = ['Scenario history'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Version history of a scenario: seen by anyone in its space. */
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
    '/admin/resim/:id/history/:revision',
    {
      schema: { tags, summary: 'The content saved at a revision', params: versionParams, response: { 200: versionContent, ...errors } },
    },
    (request) => getVersion(spaceCtx(request), request.params.id, request.params.revision),
  );
};
