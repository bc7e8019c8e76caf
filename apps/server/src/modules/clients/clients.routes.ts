import { clientsQuery, clientsResponse, errorBody } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { listClients, type Presence } from './clients.service';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

/** SPEC 7: GET /admin/clients, what the Monitoring page shows (authenticated scope). */
export const clientRoutes: FastifyPluginAsyncZod<ModuleContext & { readonly presence: Presence }> = async (app, ctx) => {
  app.get(
    '/admin/clients',
    {
      schema: {
        tags: ['Monitoring'],
        summary: "The learners active now and recently across the caller's spaces; ?id narrows them to one scenario",
        querystring: clientsQuery,
        response: { 200: clientsResponse, ...errors },
      },
    },
    (request) =>
      listClients({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal, presence: ctx.presence }, request.query.id),
  );
};
