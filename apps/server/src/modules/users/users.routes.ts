import { changePasswordBody, errorBody, ok, postUserMetadataBody, userAuth, userMetadata } from '@resim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findUserById } from './users.repository';
import { AppError } from '../../errors/app-error';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { changePassword } from './change-password';
import { isLearnerOnly, saveUserMetadata, toUserAuth, toUserMetadata } from './users.service';

const tags = ['User'];
const errors = { 400: errorBody, 401: errorBody };

// Guesses at the current password: a few a minute per account, so a stolen session cannot try many.
const passwordAttemptLimit = {
  rateLimit: {
    max: 5,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `password|${authOf(request).user.id}`,
    errorResponseBuilder: () => new AppError('rate_limited', 'Too many attempts. Wait a minute and try again.'),
  },
};

export const userRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  // Metadata is read afresh: the authenticated user row may be a few seconds old.
  const currentUser = async (request: FastifyRequest) => (await findUserById(ctx.db, authOf(request).user.id)) ?? authOf(request).user;

  app.get(
    '/admin/user',
    { schema: { tags, summary: "The caller's metadata", response: { 200: userMetadata, ...errors } } },
    async (request) => toUserMetadata(await currentUser(request)),
  );

  app.post(
    '/admin/user',
    {
      schema: {
        tags,
        summary: "Save the caller's metadata (fields given replace stored ones)",
        body: postUserMetadataBody,
        response: { 200: userMetadata, ...errors },
      },
    },
    async (request) => {
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
      return saveUserMetadata({ db: ctx.db, clock: ctx.clock, user: await currentUser(request), changes });
    },
  );

  app.get(
    '/admin/user/auth',
    { schema: { tags, summary: 'Who the caller is: email, groups, isDeveloper, isLearner', response: { 200: userAuth, ...errors } } },
    async (request) => {
      const { user, principal } = authOf(request);
      return toUserAuth(user, principal.groups, await isLearnerOnly(ctx.db, user, principal));
    },
  );

  app.post(
    '/admin/user/password',
    {
      config: passwordAttemptLimit,
      schema: {
        tags,
        summary: "Change the caller's password, given the current one (accounts of the embedded issuer)",
        body: changePasswordBody,
        response: { 200: ok, ...errors, 403: errorBody, 409: errorBody, 429: errorBody },
      },
    },
    async (request) => {
      await changePassword({
        db: ctx.db,
        clock: ctx.clock,
        identity: ctx.config.identity,
        userId: authOf(request).user.id,
        change: request.body,
      });
      return { ok: true as const };
    },
  );
};
