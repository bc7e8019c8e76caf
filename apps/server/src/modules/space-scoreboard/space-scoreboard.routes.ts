import { errorBody, idParams, scoreboardAvailable, scoreboardFileName, spaceScoreboard, spaceScoreboardQuery } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { scoreboardCsv, scoreboardTable, scoreboardXlsx, xlsxType } from './scoreboard-files';
import * as scoreboards from './space-scoreboard.service';

const tags = ['Scoreboard'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** SPEC 7: a space's results across its scenarios, as JSON or as a CSV or XLSX file. */
export const spaceScoreboardRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const scoreboardCtx = (request: Parameters<typeof authOf>[0]): scoreboards.ScoreboardContext => ({
    db: ctx.db,
    dialect: ctx.dialect,
    clock: ctx.clock,
    principal: authOf(request).principal,
  });

  app.get(
    '/admin/space/:id/scoreboard/available',
    {
      schema: {
        tags,
        summary: "What the space's scoreboard can show: its modes with the rows of each, its scenarios and openings, its outputs",
        params: idParams,
        response: { 200: scoreboardAvailable, ...errors },
      },
    },
    (request) => scoreboards.scoreboardAvailable(scoreboardCtx(request), request.params.id),
  );

  app.get(
    '/admin/space/:id/scoreboard',
    {
      schema: {
        tags,
        summary:
          "The space's results: by learner (learners × scenarios), by scenario or by opening; with ?output=csv or xlsx, a file to download",
        params: idParams,
        querystring: spaceScoreboardQuery,
        response: {
          200: spaceScoreboard.or(z.string().meta({ description: `text/csv with ?output=csv; ${xlsxType} with ?output=xlsx` })),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { mode, output } = request.query;
      const board = await scoreboards.spaceScoreboard(scoreboardCtx(request), request.params.id, mode);
      if (output === 'json') return board;
      const table = scoreboardTable(board);
      const disposition = `attachment; filename="${scoreboardFileName(board.spaceName, mode, output)}"`;
      // A string or a stream is sent as it is, past the JSON serializer.
      if (output === 'csv')
        return reply.type('text/csv; charset=utf-8').header('content-disposition', disposition).send(scoreboardCsv(table));
      // The reply is typed by the response schema, which describes the file as text: the stream is the file's bytes.
      return reply
        .type(xlsxType)
        .header('content-disposition', disposition)
        .send(scoreboardXlsx(table) as unknown as string);
    },
  );
};
