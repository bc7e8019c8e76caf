import {
  addLearnersBody,
  addLearnersResult,
  allocation,
  allocationBody,
  deleteLearnersBody,
  errorBody,
  idParams,
  learner,
  learnersChanged,
  patchLearnersBody,
  remindLearnersBody,
} from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import * as learners from './learners.service';

const tags = ['Learners'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** SPEC 7: a space's learners and what is allocated to them. */
export const spaceLearnerRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const learnersCtx = (request: Parameters<typeof authOf>[0]): learners.LearnersContext => ({
    db: ctx.db,
    dialect: ctx.dialect,
    clock: ctx.clock,
    principal: authOf(request).principal,
    email: ctx.email,
    config: ctx.config,
  });

  app.get(
    '/admin/space/:id/learner',
    { schema: { tags, summary: 'The learners of a space', params: idParams, response: { 200: z.array(learner), ...errors } } },
    (request) => learners.listLearners(learnersCtx(request), request.params.id),
  );

  app.post(
    '/admin/space/:id/learner',
    {
      schema: {
        tags,
        summary: 'Add learners by email with tags, inviting them when notify is set',
        description:
          'With notify, each learner named is emailed the learner-invitation, which reads the same whether or not the address has ' +
          'an account, as its sender and the space’s members may read it in the outbox. An account with no password yet is sent a ' +
          'link to choose one in an email of its own.',
        params: idParams,
        body: addLearnersBody,
        response: { 201: addLearnersResult, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await learners.addLearners(learnersCtx(request), request.params.id, request.body)),
  );

  app.patch(
    '/admin/space/:id/learner',
    {
      schema: {
        tags,
        summary: 'Set, add or remove tags of the learners named',
        params: idParams,
        body: patchLearnersBody,
        response: { 200: learnersChanged, ...errors },
      },
    },
    (request) => learners.tagLearners(learnersCtx(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/space/:id/learner',
    {
      schema: {
        tags,
        summary: 'Remove the learners named, with their allocations',
        params: idParams,
        body: deleteLearnersBody,
        response: { 200: learnersChanged, ...errors },
      },
    },
    (request) => learners.removeLearners(learnersCtx(request), request.params.id, request.body.learners),
  );

  app.post(
    '/admin/space/:id/learner/remind',
    {
      schema: {
        tags,
        summary: 'Send the learners named a reminder',
        description:
          'The learner-reminder reads the same whether or not the address has an account; an account with no password yet is sent ' +
          'a link to choose one in an email of its own.',
        params: idParams,
        body: remindLearnersBody,
        response: { 202: learnersChanged, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await learners.remindLearners(learnersCtx(request), request.params.id, request.body.learners)),
  );

  app.get(
    '/admin/space/:id/allocation',
    {
      schema: { tags, summary: 'Who has which scenario of the space', params: idParams, response: { 200: z.array(allocation), ...errors } },
    },
    (request) => learners.listAllocations(learnersCtx(request), request.params.id),
  );

  app.post(
    '/admin/space/:id/allocation',
    {
      schema: {
        tags,
        summary: 'Give every learner named every scenario named',
        params: idParams,
        body: allocationBody,
        response: { 201: learnersChanged, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await learners.allocate(learnersCtx(request), request.params.id, request.body)),
  );

  app.delete(
    '/admin/space/:id/allocation',
    {
      schema: {
        tags,
        summary: 'Take every scenario named from every learner named',
        params: idParams,
        body: allocationBody,
        response: { 200: learnersChanged, ...errors },
      },
    },
    (request) => learners.deallocate(learnersCtx(request), request.params.id, request.body),
  );
};
