import { errorBody, runDetailParams, scoreboardParams } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/file-reply';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { hostRunReport, openingReports } from './run-reports.service';

const tags = ['Runs'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Learners' reports for their hosts: one run's PDF, or an opening's in one zip. */
export const runReportRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const spaceCtx = (request: Parameters<typeof authOf>[0]) => ({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal });

  app.get(
    '/admin/resim/:id/games/:gameId/report',
    {
      schema: {
        tags,
        summary:
          "A learner's report of one run as a PDF: the case, every step with its result and time, the measures, the answer key's verdicts, rank",
        params: runDetailParams,
        response: { 200: z.string().meta({ description: 'application/pdf' }), ...errors },
      },
    },
    async (request, reply) => {
      const report = await hostRunReport(spaceCtx(request), request.params.id, request.params.gameId);
      return sendFile(reply, 'application/pdf', report.name, report.pdf);
    },
  );

  app.get(
    '/admin/resim/:id/instance/:instanceId/reports',
    {
      schema: {
        tags,
        summary: 'The report of every ended run of an opening, one PDF each, in a zip made as it is sent',
        params: scoreboardParams,
        response: { 200: z.string().meta({ description: 'application/zip' }), ...errors },
      },
    },
    async (request, reply) => {
      const file = await openingReports(spaceCtx(request), request.params.id, request.params.instanceId);
      return sendFile(reply, 'application/zip', file.name, file.zip);
    },
  );
};
