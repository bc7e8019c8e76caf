import { errorBody, idParams, outboxMessage, outboxPage, outboxQuery } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { getOutboxMessage, listOutbox, retryOutboxMessage } from './outbox.service';

const tags = ['Email'];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody };

export const outboxRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const outboxCtx = (request: Parameters<typeof authOf>[0]) => ({ db: ctx.db, principal: authOf(request).principal });

  app.get(
    '/admin/outbox',
    {
      schema: {
        tags,
        summary: 'Email the caller sent or that concerns their spaces (developers: all), newest first',
        querystring: outboxQuery,
        response: { 200: outboxPage, ...errors },
      },
    },
    (request) => listOutbox(outboxCtx(request), request.query),
  );

  app.get(
    '/admin/outbox/:id',
    { schema: { tags, summary: 'One email of the outbox', params: idParams, response: { 200: outboxMessage, ...errors } } },
    (request) => getOutboxMessage(outboxCtx(request), request.params.id),
  );

  app.post(
    '/admin/outbox/:id/retry',
    { schema: { tags, summary: 'Queue a failed email again', params: idParams, response: { 200: outboxMessage, ...errors } } },
    (request) => retryOutboxMessage({ ...outboxCtx(request), clock: ctx.clock, email: ctx.email }, request.params.id),
  );
};
