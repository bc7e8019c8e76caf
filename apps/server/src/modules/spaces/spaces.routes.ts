import {
  addSpaceUserBody,
  createSpaceBody,
  errorBody,
  idParams,
  ok,
  patchSpaceBody,
  putOwnerBody,
  putSecurityBody,
  space,
  spaceUser,
  spaceUserParams,
} from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import * as spaces from './spaces.service';

const tags = ['Spaces'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const spaceRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const spaceCtx = (request: Parameters<typeof authOf>[0]) => ({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal });
  const inviteCtx = (request: Parameters<typeof authOf>[0]) => ({
    ...spaceCtx(request),
    email: ctx.email,
    config: ctx.config,
  });

  app.get(
    '/admin/space',
    { schema: { tags, summary: 'Spaces the caller belongs to', response: { 200: z.array(space), ...errors } } },
    (request) => spaces.listSpaces(spaceCtx(request)),
  );

  app.post(
    '/admin/space',
    { schema: { tags, summary: 'Create a space owned by the caller', body: createSpaceBody, response: { 201: space, ...errors } } },
    async (request, reply) => reply.status(201).send(await spaces.createSpace(spaceCtx(request), request.body.description)),
  );

  app.patch(
    '/admin/space/:id',
    { schema: { tags, summary: 'Rename a space', params: idParams, body: patchSpaceBody, response: { 200: space, ...errors } } },
    (request) => spaces.renameSpace(spaceCtx(request), request.params.id, request.body.description),
  );

  app.delete(
    '/admin/space/:id',
    { schema: { tags, summary: 'Delete an empty space (owner only)', params: idParams, response: { 200: ok, ...errors } } },
    async (request) => {
      await spaces.deleteSpace(spaceCtx(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/admin/space/:id/security',
    {
      schema: {
        tags,
        summary: 'Set the security flags (owner only); absent flags mean true',
        params: idParams,
        body: putSecurityBody,
        response: { 200: space, ...errors },
      },
    },
    (request) => spaces.setSecurity(spaceCtx(request), request.params.id, request.body),
  );

  app.put(
    '/admin/space/:id/owner',
    {
      schema: {
        tags,
        summary: 'Hand the space to another user by email (owner only)',
        params: idParams,
        body: putOwnerBody,
        response: { 200: space, ...errors },
      },
    },
    (request) => spaces.transferOwnership(inviteCtx(request), request.params.id, request.body.email),
  );

  app.get(
    '/admin/space/:id/user',
    {
      schema: {
        tags,
        summary: 'Users of a space: the owner first, then members and those a sign-in group gives it',
        params: idParams,
        response: { 200: z.array(spaceUser), ...errors },
      },
    },
    (request) => spaces.listSpaceUsers(spaceCtx(request), request.params.id),
  );

  app.post(
    '/admin/space/:id/user',
    {
      schema: {
        tags,
        summary: 'Add a user to a space by email and email them an invitation',
        description:
          'Answers their line of the list of users. Someone new to the space is pending, shown by the email alone, and the answer ' +
          'reads the same whether or not the address had an account: it tells no one whose the address is. An account with no ' +
          'password yet is sent a link to choose one in an email of its own.',
        params: idParams,
        body: addSpaceUserBody,
        response: { 201: spaceUser, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await spaces.addSpaceUser(inviteCtx(request), request.params.id, request.body.email)),
  );

  app.delete(
    '/admin/space/:id/user/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a user from a space; one a sign-in group gives it is refused (409)',
        params: spaceUserParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await spaces.removeSpaceUser(spaceCtx(request), request.params.id, request.params.userId);
      return { ok: true as const };
    },
  );
};
