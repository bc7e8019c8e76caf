import { apiToken, createdToken, createTokenBody, errorBody, idParams, ok } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { createToken, listTokens, revokeToken } from './tokens.service';

const tags = ['API tokens'];
const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

export const tokenRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  app.get(
    '/admin/user/token',
    { schema: { tags, summary: "The caller's API tokens", response: { 200: z.array(apiToken), ...errors } } },
    (request) => listTokens(ctx.db, authOf(request).user.id),
  );

  app.post(
    '/admin/user/token',
    {
      schema: {
        tags,
        summary: 'Create an API token; the secret is in this response only',
        body: createTokenBody,
        response: { 201: createdToken, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createToken({ db: ctx.db, clock: ctx.clock, userId: authOf(request).user.id, name: request.body.name })),
  );

  app.delete(
    '/admin/user/token/:id',
    { schema: { tags, summary: 'Revoke an API token', params: idParams, response: { 200: ok, ...errors } } },
    async (request) => {
      const userId = authOf(request).user.id;
      await revokeToken({ db: ctx.db, userId, tokenId: request.params.id });
      ctx.authCache.forgetUser(userId);
      // The other processes remember tokens for a few seconds too.
      await ctx.live.publish({ kind: 'access', userId });
      return { ok: true as const };
    },
  );
};
