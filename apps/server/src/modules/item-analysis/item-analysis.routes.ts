import {
  errorBody,
  itemAnalysis,
  itemAnalysisFileName,
  itemAnalysisQuery,
  scoreboardParams,
  versionAnalysisParams,
  type ItemAnalysisResponse,
} from '@resim/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendFile } from '../../lib/file-reply';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { scoreboardXlsx, xlsxType } from '../space-scoreboard/scoreboard-files';
import { itemAnalysisCsv, itemAnalysisTable } from './item-analysis-files';
import { openingItemAnalysis, versionItemAnalysis } from './item-analysis.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const response = {
  200: itemAnalysis.or(z.string().meta({ description: `text/csv with ?output=csv; ${xlsxType} with ?output=xlsx` })),
  ...errors,
};
const description =
  'Over the finished runs, scored by the answer key of the version played. A figure that cannot be given (too few learners, nothing that varies) is null with the reason in words. With ?output=csv or xlsx, a file to download.';

/** The analysis as asked: JSON, or a CSV or XLSX file named for the scenario and what was analysed. */
const answer = (reply: FastifyReply, analysis: ItemAnalysisResponse, resimName: string, output: 'json' | 'csv' | 'xlsx') => {
  if (output === 'json') return analysis;
  const table = itemAnalysisTable(analysis);
  const name = itemAnalysisFileName(resimName, analysis, output);
  if (output === 'csv') return sendFile(reply, 'text/csv; charset=utf-8', name, Buffer.from(itemAnalysisCsv(table)));
  return sendFile(reply, xlsxType, name, scoreboardXlsx(table));
};

export const itemAnalysisRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const spaceCtx = (request: Parameters<typeof authOf>[0]) => ({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal });

  app.get(
    '/admin/resim/:id/instance/:instanceId/item-analysis',
    {
      schema: {
        tags: ['Runs'],
        summary: "How the answer key's items worked in an opening: facility, discrimination, flags, KR-20 and its standard error",
        description,
        params: scoreboardParams,
        querystring: itemAnalysisQuery,
        response,
      },
    },
    async (request, reply) => {
      const { analysis, resimName } = await openingItemAnalysis(spaceCtx(request), request.params.id, request.params.instanceId);
      return answer(reply, analysis, resimName, request.query.output);
    },
  );

  app.get(
    '/admin/resim/:id/version/:revision/item-analysis',
    {
      schema: {
        tags: ['Runs'],
        summary: "How the answer key's items worked in every opening that played one version of the scenario, their runs pooled",
        description,
        params: versionAnalysisParams,
        querystring: itemAnalysisQuery,
        response,
      },
    },
    async (request, reply) => {
      const { analysis, resimName } = await versionItemAnalysis(spaceCtx(request), request.params.id, request.params.revision);
      return answer(reply, analysis, resimName, request.query.output);
    },
  );
};
