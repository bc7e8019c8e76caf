import {
  auditPage,
  auditQuery,
  boardLearner,
  gameOfInstanceParams,
  lockBody,
  lockState,
  runDetail,
  runDetailParams,
  scoreboardQuery,
  dashboard,
  errorBody,
  eventBody,
  gameParams,
  gameScore,
  gameSnapshot,
  gameSummary,
  idParams,
  joinBody,
  joinCodeParams,
  joinInfo,
  joinResult,
  learnerScenario,
  resimScore,
  presenterParams,
  presenterQuery,
  presenterView,
  previewRun,
  scoreboard,
  scoreboardParams,
  scoreParams,
  sessionMessage,
  sessionMessageBody,
} from '@resim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../identity/authenticate';
import { sha256 } from '../../lib/ids';
import { letUpgradeGo } from '../../lib/served-socket';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import * as boards from './boards.service';
import { createJoinLimits } from './join-limits';
import * as play from './play.service';
import * as records from './records.service';
import * as repo from './runs.repository';
import * as sessions from './session.service';
import type { ConsoleHub } from './console-hub';
import type { SocketHub } from './socket-hub';
import { learnerRunReport } from '../run-reports/run-reports.service';
import { learnerCertificate } from '../certificates/certificates.service';
import { sendFile } from '../../lib/file-reply';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const learnerTags = ['Player'];
/**
 * A learner's run goes uncompressed, as it does over the socket: compressing a snapshot of a few
 * kilobytes costs the server a third of a join, and a congress joins by the thousand at once.
 */
const uncompressed = { compress: false } as const;
const recordTags = ['Runs'];

const runTokenOf = (request: FastifyRequest): string | null => {
  const header = request.headers['x-run-token'];
  return typeof header === 'string' && header.length > 0 && header.length <= 200 ? header : null;
};

export type LearnerRouteOptions = ModuleContext & { readonly authenticate: Authenticator; readonly hub: SocketHub };

/**
 * The learner's side: join by code, play, be scored. A learner is signed in (bearer) or
 * anonymous with the run token handed out on joining (x-run-token).
 */
export const learnerRoutes: FastifyPluginAsyncZod<LearnerRouteOptions> = async (app, options) => {
  if (!app.hasRequestDecorator('authState')) app.decorateRequest('authState', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    request.authState = header ? await options.authenticate(header) : null;
  });
  const playCtx = (request: FastifyRequest): play.PlayContext => ({
    db: options.db,
    clock: options.clock,
    live: options.live,
    principal: request.authState?.principal ?? null,
    runToken: runTokenOf(request),
    capacity: options.hub,
    admitJoin: () => joinLimits.admitJoin(request),
  });
  const joinLimits = createJoinLimits(app, options.config.joinLimits);
  /** A join code that leads nowhere counts against the address; past the limit it is answered 429, not 404. */
  const countingWrongCodes = async <T>(request: FastifyRequest, answer: Promise<T>): Promise<T> => {
    try {
      return await answer;
    } catch (error) {
      if (error instanceof play.UnknownJoinCode) await joinLimits.wrongCode(request);
      throw error;
    }
  };

  app.get(
    '/learn/join/:code',
    {
      schema: { tags: learnerTags, summary: 'A scenario by its join code', params: joinCodeParams, response: { 200: joinInfo, ...errors } },
    },
    (request) => countingWrongCodes(request, play.joinInfo(playCtx(request), request.params.code)),
  );

  app.post(
    '/learn/join/:code',
    {
      config: uncompressed,
      schema: {
        tags: learnerTags,
        summary: 'Join a scenario (or resume the run already joined)',
        params: joinCodeParams,
        body: joinBody.optional(),
        response: { 201: joinResult, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await countingWrongCodes(request, play.join(playCtx(request), request.params.code, request.body?.nickname))),
  );

  app.get(
    '/learn/game/:gameId',
    {
      config: uncompressed,
      schema: {
        tags: learnerTags,
        summary: "The learner's run as the player shows it",
        params: gameParams,
        response: { 200: gameSnapshot, ...errors },
      },
    },
    (request) => play.gameSnapshot(playCtx(request), request.params.gameId),
  );

  app.post(
    '/learn/game/:gameId/event',
    {
      config: uncompressed,
      schema: {
        tags: learnerTags,
        summary: 'Take a step: run tests, confirm diagnoses, take the hint, end the run',
        params: gameParams,
        body: eventBody,
        response: { 200: gameSnapshot, ...errors },
      },
    },
    (request) => play.submitEvent(playCtx(request), request.params.gameId, request.body),
  );

  app.get(
    '/learn/game/:gameId/report',
    {
      schema: {
        tags: learnerTags,
        summary: "The learner's report of their run as a PDF, once the run has ended and the session shows how they did",
        params: gameParams,
        response: { 200: z.string().meta({ description: 'application/pdf' }), ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const report = await learnerRunReport(playCtx(request), request.params.gameId);
      return sendFile(reply, 'application/pdf', report.name, report.pdf);
    },
  );

  app.get(
    '/learn/game/:gameId/certificate',
    {
      schema: {
        tags: learnerTags,
        summary: "The learner's certificate of their passed run as a PDF; 409 for a run that did not pass",
        params: gameParams,
        response: { 200: z.string().meta({ description: 'application/pdf' }), ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const file = await learnerCertificate(playCtx(request), options.config.publicUrl, request.params.gameId);
      return sendFile(reply, 'application/pdf', file.name, file.pdf);
    },
  );

  app.get(
    '/learn/mine',
    { schema: { tags: learnerTags, summary: "A signed-in learner's scenarios", response: { 200: z.array(learnerScenario), ...errors } } },
    (request) => play.learnerScenarios(playCtx(request)),
  );

  app.get(
    '/scores/:resimId/:gameId',
    { schema: { tags: learnerTags, summary: "One run's score", params: scoreParams, response: { 200: gameScore, ...errors } } },
    (request) => play.gameScore(playCtx(request), request.params.resimId, request.params.gameId),
  );

  const socketQuery = z.object({ game: z.string().min(1).max(100), token: z.string().min(1).max(4000) });
  app.get('/learn/socket', { websocket: true, schema: { hide: true } }, async (socket, request) => {
    const refuse = (code: string, message: string) => {
      socket.send(JSON.stringify({ type: 'error', code, message }));
      socket.close(1008, code);
    };
    const query = socketQuery.safeParse(request.query);
    if (!query.success) return refuse('bad_request', 'Connect with ?game={gameId}&token={run token or access token}');
    const game = await repo.findGame(options.db, query.data.game);
    if (!game) return refuse('not_found', 'Run not found');
    if (game.run_token_hash === null || sha256(query.data.token) !== game.run_token_hash) {
      const auth = await options.authenticate(`Bearer ${query.data.token}`).catch(() => null);
      if (!auth) return refuse('unauthenticated', 'Join the scenario again to continue your run');
      if (auth.principal.userId !== game.user_id) return refuse('not_found', 'Run not found');
    }
    options.hub.attach(socket, game);
    letUpgradeGo(socket, request);
  });
};

/**
 * WebSocket /admin/socket: the console's live channel. Outside the authenticated scope, as a
 * browser cannot set a socket's headers: its first message authenticates it instead.
 */
export const consoleSocketRoutes: FastifyPluginAsyncZod<{ readonly consoleHub: ConsoleHub }> = async (app, options) => {
  app.get('/admin/socket', { websocket: true, schema: { hide: true } }, (socket, request) => {
    options.consoleHub.attach(socket);
    letUpgradeGo(socket, request);
  });
};

/** The console's side: runs, audit trail, scores and presenter messages (authenticated scope). */
export const recordRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  const spaceCtx = (request: FastifyRequest) => ({ db: ctx.db, clock: ctx.clock, principal: authOf(request).principal });

  app.get(
    '/admin/resim/:id/games',
    {
      schema: {
        tags: recordTags,
        summary: "Every learner's run of a scenario",
        params: idParams,
        response: { 200: z.array(gameSummary), ...errors },
      },
    },
    (request) => records.listGames(spaceCtx(request), request.params.id),
  );

  app.post(
    '/admin/resim/:id/preview',
    {
      schema: {
        tags: recordTags,
        summary: 'Start a preview: the author plays the scenario as a learner, in any status, apart from the real runs',
        params: idParams,
        response: { 201: previewRun, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await play.startPreview(spaceCtx(request), request.params.id)),
  );

  app.get(
    '/admin/resim/:id/audit',
    {
      schema: {
        tags: recordTags,
        summary: 'The audit trail: every learner event, oldest first, a page at a time (follow nextCursor)',
        params: idParams,
        querystring: auditQuery,
        response: { 200: auditPage, ...errors },
      },
    },
    (request) => records.listAudit(spaceCtx(request), request.params.id, request.query),
  );

  app.get(
    '/admin/resim/:id/games/:gameId',
    {
      schema: {
        tags: recordTags,
        summary: "One learner's run: every step with the facts it revealed and the measures after it",
        params: runDetailParams,
        response: { 200: runDetail, ...errors },
      },
    },
    (request) => records.runDetail(spaceCtx(request), request.params.id, request.params.gameId),
  );

  app.get(
    '/resim/:id/score',
    {
      schema: {
        tags: recordTags,
        summary: "A scenario's ranking and the caller's own scores",
        params: idParams,
        response: { 200: resimScore, ...errors },
      },
    },
    (request) => records.resimScore(spaceCtx(request), request.params.id),
  );

  app.get(
    '/admin/resim/:id/dashboard',
    {
      schema: {
        tags: recordTags,
        summary: "The scenario's openings at a glance",
        params: idParams,
        response: { 200: dashboard, ...errors },
      },
    },
    (request) => boards.resimDashboard(spaceCtx(request), request.params.id),
  );

  app.get(
    '/admin/resim/:id/instance/:instanceId/scoreboard',
    {
      schema: {
        tags: recordTags,
        summary: "One opening's learners, ranked; with ?output=csv a CSV file of every run of the opening",
        params: scoreboardParams,
        querystring: scoreboardQuery,
        response: { 200: scoreboard.or(z.string().meta({ description: 'text/csv, with ?output=csv' })), ...errors },
      },
    },
    async (request, reply) => {
      if (request.query.output === 'json')
        return boards.instanceScoreboard(spaceCtx(request), request.params.id, request.params.instanceId);
      const file = await boards.instanceScoreboardCsv(spaceCtx(request), request.params.id, request.params.instanceId);
      // A string is sent as it is, past the JSON serializer.
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.name}"`).send(file.content);
    },
  );

  app.post(
    '/admin/resim/:id/instance/:instanceId/games/:gameId/remove',
    {
      schema: {
        tags: recordTags,
        summary: "Remove a learner from an opening: their run ends as 'removed'",
        params: gameOfInstanceParams,
        response: { 200: boardLearner.pick({ gameId: true, nickname: true, endedAt: true, endReason: true }), ...errors },
      },
    },
    (request) =>
      sessions.removeLearner({ ...spaceCtx(request), live: ctx.live }, request.params.id, request.params.instanceId, request.params.gameId),
  );

  app.put(
    '/admin/resim/:id/instance/:instanceId/lock',
    {
      schema: {
        tags: recordTags,
        summary: "Lock or unlock an opening's lobby: a locked one turns away anyone not in it yet",
        params: scoreboardParams,
        body: lockBody,
        response: { 200: lockState, ...errors },
      },
    },
    (request) => sessions.lockOpening(spaceCtx(request), request.params.id, request.params.instanceId, request.body.locked),
  );

  app.get(
    '/presenter/resim/:id/:instance',
    {
      schema: {
        tags: recordTags,
        summary: 'What the presenter display shows of an opening (current: the latest), through a saved view (?view=) or the default one',
        params: presenterParams,
        querystring: presenterQuery,
        response: { 200: presenterView, ...errors },
      },
    },
    (request) =>
      boards.presenterView(
        { ...spaceCtx(request), publicUrl: ctx.config.publicUrl },
        request.params.id,
        request.params.instance,
        request.query.view,
      ),
  );

  app.post(
    '/admin/control/:id/message',
    {
      schema: {
        tags: recordTags,
        summary: 'Send a message to every learner of the session',
        params: idParams,
        body: sessionMessageBody,
        response: { 201: sessionMessage, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await sessions.sendMessage({ ...spaceCtx(request), live: ctx.live }, request.params.id, request.body)),
  );
};
