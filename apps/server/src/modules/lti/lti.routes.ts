import formbody from '@fastify/formbody';
import { errorBody, idParams, ltiCheck, ltiPlatform, ltiPlatformBody, ltiRoster, ltiSettings, ok, runGrade } from '@resim/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readJson } from '../../lib/json';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { loadRunnableScenario } from '../runs/scenario-cache';
import { deepLinkResponse, scenariosToPick, signPick } from './deep-linking';
import { registerPlatform } from './dynamic-registration';
import { LaunchRefused } from './id-token';
import { completeLaunch, initiateLogin, toolUrls, type LaunchServiceContext } from './launch';
import { escapeHtml, sendAutoPost, sendPage, sendRefusal } from './lti-pages';
import * as lti from './lti.service';
import type { PlatformTokens } from './platform-token';
import { pullRoster } from './roster';
import { toolKeysOf } from './tool-keys';

export type LtiRouteOptions = ModuleContext & {
  /** grades were queued: the sender looks for them now */
  readonly kickGrades: () => void;
  /** access tokens of the platforms' services */
  readonly tokens: PlatformTokens;
  /** the learners' sockets, full when the server takes no more learners */
  readonly capacity?: { readonly full: () => boolean };
};

const tags = ['Learning platforms (LTI)'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const platformParams = z.strictObject({ id: z.string().min(1).max(100), platformId: z.string().min(1).max(100) });

/** The console's side: a space's platforms, the tool's addresses, and where grades went. */
export const ltiAdminRoutes: FastifyPluginAsyncZod<LtiRouteOptions> = async (app, options) => {
  const ctx = (request: Parameters<typeof authOf>[0]): lti.LtiAdminContext => ({
    db: options.db,
    clock: options.clock,
    principal: authOf(request).principal,
    publicUrl: options.config.publicUrl,
    keys: () => toolKeysOf(options.db),
    kickGrades: options.kickGrades,
  });

  app.get(
    '/admin/space/:id/lti',
    {
      schema: {
        tags,
        summary: "The space's learning platforms, the tool's addresses to give them, and how its grades went",
        params: idParams,
        response: { 200: ltiSettings, ...errors },
      },
    },
    (request) => lti.getLtiSettings(ctx(request), request.params.id),
  );

  app.post(
    '/admin/space/:id/lti/platforms',
    {
      schema: {
        tags,
        summary: 'Register a learning platform by hand (owner only)',
        description: 'From then on its teachers who launch the tool become members of the space, and its learners learners of it.',
        params: idParams,
        body: ltiPlatformBody,
        response: { 201: ltiPlatform, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await lti.addPlatform(ctx(request), request.params.id, request.body)),
  );

  app.put(
    '/admin/space/:id/lti/platforms/:platformId',
    {
      schema: {
        tags,
        summary: 'Change a learning platform (owner only)',
        params: platformParams,
        body: ltiPlatformBody,
        response: { 200: ltiPlatform, ...errors },
      },
    },
    (request) => lti.updatePlatform(ctx(request), request.params.id, request.params.platformId, request.body),
  );

  app.delete(
    '/admin/space/:id/lti/platforms/:platformId',
    {
      schema: {
        tags,
        summary: 'Remove a learning platform (owner only): it launches nothing more here',
        params: platformParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await lti.removePlatform(ctx(request), request.params.id, request.params.platformId);
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/space/:id/lti/platforms/:platformId/check',
    {
      schema: {
        tags,
        summary: 'Ask the platform for its keys',
        description: 'Answers 200 either way, with what the platform said in plain words.',
        params: platformParams,
        response: { 200: ltiCheck, ...errors },
      },
    },
    (request) => lti.checkPlatform(ctx(request), request.params.id, request.params.platformId),
  );

  app.post(
    '/admin/space/:id/lti/platforms/:platformId/roster',
    {
      schema: {
        tags,
        summary: "Pull the rosters of the platform's courses into the space's learners",
        description:
          'Every course seen at launch with its roster service (NRPS) is read; its active learners with an email become learners of the space.',
        params: platformParams,
        response: { 200: ltiRoster, ...errors },
      },
    },
    (request) => pullRoster({ ...ctx(request), tokens: options.tokens }, request.params.id, request.params.platformId),
  );

  app.post(
    '/admin/space/:id/lti/retry',
    {
      schema: {
        tags,
        summary: "Send the space's failed grades again (owner only)",
        params: idParams,
        response: { 200: z.object({ queued: z.number() }), ...errors },
      },
    },
    (request) => lti.retryGrades(ctx(request), request.params.id),
  );

  app.get(
    '/admin/space/:id/lti/runs/:runId',
    {
      schema: {
        tags,
        summary: "Where a run's grade went: null when no platform grades it",
        params: z.strictObject({ id: z.string().min(1).max(100), runId: z.string().min(1).max(100) }),
        response: { 200: z.object({ grade: runGrade.nullable() }), ...errors },
      },
    },
    async (request) => ({ grade: await lti.runGrade(ctx(request), request.params.id, request.params.runId) }),
  );
};

/** A form field or query parameter, as text. */
const field = (source: unknown, name: string): string | undefined => {
  const value = (source as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
};

/** Refused launches answer a page that says why; anything else goes to the error handler. */
const asPage =
  (handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await handler(request, reply);
    } catch (error) {
      if (error instanceof LaunchRefused) return sendRefusal(reply, error.status, error.message);
      throw error;
    }
  };

/**
 * The platforms' side, public: the tool's keys and configuration, the login a launch starts
 * with, the launch itself, and the scenario picker of deep linking.
 */
export const ltiToolRoutes: FastifyPluginAsyncZod<LtiRouteOptions> = async (app, options) => {
  const { db, clock, live } = options;
  const publicUrl = options.config.publicUrl;
  const urls = toolUrls(publicUrl);
  const launchCtx: LaunchServiceContext = { db, clock, live, publicUrl, ...(options.capacity ? { capacity: options.capacity } : {}) };
  // Platforms post their forms (login, launch) urlencoded.
  await app.register(formbody, { bodyLimit: 64 * 1024 });

  app.get('/lti/jwks', { schema: { tags, summary: "The tool's public keys (JWKS)" } }, async () => (await toolKeysOf(db)).jwks);

  app.get('/lti/config', { schema: { tags, summary: "The tool's configuration: what a platform needs to register it" } }, () => ({
    title: options.config.productName,
    initiate_login_uri: urls.loginUrl,
    redirect_uris: [urls.launchUrl],
    target_link_uri: urls.launchUrl,
    jwks_uri: urls.jwksUrl,
    deep_link_url: urls.launchUrl,
    scopes: [
      'https://purl.imsglobal.org/spec/lti-ags/scope/score',
      'https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly',
    ],
    claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
    messages: ['LtiResourceLinkRequest', 'LtiDeepLinkingRequest'],
  }));

  const login = asPage(async (request, reply) => {
    const source = request.method === 'POST' ? request.body : request.query;
    const location = await initiateLogin(launchCtx, {
      iss: field(source, 'iss'),
      login_hint: field(source, 'login_hint'),
      target_link_uri: field(source, 'target_link_uri'),
      lti_message_hint: field(source, 'lti_message_hint'),
      client_id: field(source, 'client_id'),
      lti_deployment_id: field(source, 'lti_deployment_id'),
    });
    return reply.redirect(location, 302);
  });
  const loginSchema = { schema: { tags, summary: 'OpenID Connect login initiated by the platform (LTI 1.3)' } };
  app.get('/lti/login', loginSchema, login);
  app.post('/lti/login', loginSchema, login);

  app.post(
    '/lti/launch',
    { schema: { tags, summary: "A launch: the platform's id_token, posted by the learner's or teacher's browser" } },
    asPage(async (request, reply) => {
      const platformError = field(request.body, 'error');
      if (platformError)
        throw new LaunchRefused(400, `The platform refused to sign you in: ${field(request.body, 'error_description') ?? platformError}`);
      const idToken = field(request.body, 'id_token');
      const state = field(request.body, 'state');
      if (!idToken || !state)
        throw new LaunchRefused(400, 'The launch carries no id_token or no state: launch the activity again from the course');
      const outcome = await completeLaunch(launchCtx, { idToken, state });
      if (outcome.kind === 'play') return reply.redirect(outcome.url, 303);
      if (outcome.kind === 'member')
        return sendPage(
          reply,
          `You are a member of ${outcome.spaceName}`,
          `<p>As a teacher of this course you can prepare and follow ${escapeHtml(outcome.scenarioName ?? 'its scenarios')} in the console.</p>` +
            `<p><a href="${escapeHtml(outcome.consoleUrl)}" target="_blank" rel="noopener">Open the console</a> (sign in there with the same email address).</p>`,
        );
      const keys = await toolKeysOf(db);
      const pick = await signPick(keys, publicUrl, outcome.platform, outcome.launch);
      const scenarios = await scenariosToPick(db, outcome.platform.space_id);
      return sendPage(
        reply,
        'Choose a scenario for the course',
        scenarios.length === 0
          ? '<p>The space has no scenarios yet: create one in the console first.</p>'
          : `<p>The course gets a link that opens the scenario for its learners, and a gradebook column for their scores.</p>` +
              `<form method="post" action="${escapeHtml(urls.deepLinkUrl)}"><input type="hidden" name="pick" value="${escapeHtml(pick)}"><ul>` +
              scenarios
                .map(
                  (scenario) =>
                    `<li><button class="link" type="submit" name="resim" value="${escapeHtml(scenario.id)}"><strong>${escapeHtml(scenario.name)}</strong>` +
                    (scenario.description ? `<br><span class="note">${escapeHtml(scenario.description.slice(0, 240))}</span>` : '') +
                    `</button></li>`,
                )
                .join('') +
              '</ul></form>',
      );
    }),
  );

  app.get(
    '/lti/register/:key',
    {
      schema: {
        tags,
        summary: "Dynamic registration into a space: the address an LMS's admin pastes, opened by the LMS with its configuration",
        params: z.object({ key: z.string().min(1).max(300) }),
      },
    },
    asPage(async (request, reply) => {
      const { key } = request.params as { key: string };
      const { platform, spaceName } = await registerPlatform(
        { db, clock, publicUrl, productName: options.config.productName, keys: await toolKeysOf(db) },
        {
          key,
          openidConfiguration: field(request.query, 'openid_configuration'),
          registrationToken: field(request.query, 'registration_token'),
        },
      );
      const deployments = readJson<string[]>(platform.deployment_ids, []);
      return sendPage(
        reply,
        `${options.config.productName} is registered`,
        `<p>${escapeHtml(platform.name)} now launches the scenarios of ${escapeHtml(spaceName)}.</p>` +
          (deployments.length === 0
            ? `<p>The platform gave no deployment id: add it to ${escapeHtml(platform.name)} in the space's settings before the first launch.</p>`
            : '') +
          '<p>You can close this window.</p>',
        // The platform closes its registration window when the tool says it is done (Dynamic Registration 3.7).
        { script: "(window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');" },
      );
    }),
  );

  app.post(
    '/lti/deep-link',
    { schema: { tags, summary: 'The scenario a teacher picked, sent back to the platform as a signed deep linking response' } },
    asPage(async (request, reply) => {
      const pick = field(request.body, 'pick');
      const resim = field(request.body, 'resim');
      if (!pick || !resim) throw new LaunchRefused(400, 'Choose one scenario from the list');
      const response = await deepLinkResponse(
        { db, publicUrl, keys: await toolKeysOf(db), scenarioOf: (id) => loadRunnableScenario(db, { id }) },
        { pick, resim },
      );
      return sendAutoPost(reply, `Adding ${response.scenario.resimName} to the course`, response.returnUrl, { JWT: response.jwt });
    }),
  );
};
