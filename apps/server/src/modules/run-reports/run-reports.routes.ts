import { errorBody, reportEmailed, reportsEmailed, runDetailParams, scoreboardParams } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/file-reply';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { emailOpeningReports, emailRunReport } from './report-emails';
import { hostRunReport, openingReports } from './run-reports.service';

const tags = ['Runs'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Learners' reports for their hosts: one run's PDF, or an opening's in one zip; or emailed to the learners. */
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

  const mailCtx = (request: Parameters<typeof authOf>[0]) => ({ ...spaceCtx(request), email: ctx.email, config: ctx.config });

  app.post(
    '/admin/resim/:id/games/:gameId/report/email',
    {
      schema: {
        tags,
        summary:
          "Email a run's report to its learner, attached as a PDF to the sender's version of the run-report template; refused while the run goes on or when the learner has no email address",
        params: runDetailParams,
        response: { 202: reportEmailed, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => reply.status(202).send(await emailRunReport(mailCtx(request), request.params.id, request.params.gameId)),
  );

  app.post(
    '/admin/resim/:id/instance/:instanceId/reports/email',
    {
      schema: {
        tags,
        summary:
          'Email every ended run’s report (Test Mode apart) to its learner, through the run-report template; learners without an email address are counted as skipped',
        params: scoreboardParams,
        response: { 202: reportsEmailed, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await emailOpeningReports(mailCtx(request), request.params.id, request.params.instanceId)),
  );
};
