import { accommodationList, errorBody, idParams, learnersChanged, removeAccommodationBody, setAccommodationBody } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import * as accommodations from './accommodations.service';

const tags = ['Learners'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Accommodations of a space's learners, by learner or by tag: read by its members, changed by those who may edit it. */
export const accommodationRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const spaceCtx = (request: Parameters<typeof authOf>[0]) => ({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal });

  app.get(
    '/admin/space/:id/accommodation',
    {
      schema: {
        tags,
        summary: "The accommodations of a space's learners and tags",
        params: idParams,
        response: { 200: accommodationList, ...errors },
      },
    },
    (request) => accommodations.listAccommodations(spaceCtx(request), request.params.id),
  );

  app.put(
    '/admin/space/:id/accommodation',
    {
      schema: {
        tags,
        summary: 'Give the learners and tags named an accommodation, replacing theirs',
        description:
          "A learner's own accommodation wins over their tags'; among their tags, the most generous of each part applies. " +
          'Learners named must be learners of the space.',
        params: idParams,
        body: setAccommodationBody,
        response: { 200: learnersChanged, ...errors },
      },
    },
    (request) => accommodations.setAccommodation(spaceCtx(request), request.params.id, request.body),
  );

  app.delete(
    '/admin/space/:id/accommodation',
    {
      schema: {
        tags,
        summary: 'Remove the accommodations of the learners and tags named',
        params: idParams,
        body: removeAccommodationBody,
        response: { 200: learnersChanged, ...errors },
      },
    },
    (request) => accommodations.removeAccommodation(spaceCtx(request), request.params.id, request.body),
  );
};
