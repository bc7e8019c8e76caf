import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { uploadChunkSize, uploadTypeNames, webConfig } from '@resim/contracts';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createEmailTransport } from './adapters/email/email';
import { createCoalescingBus } from './adapters/live/coalescing-bus';
import { createInProcessBus, type LiveBus } from './adapters/live/live-bus';
import { createLocalStore } from './adapters/storage/local-store';
import { createS3Store } from './adapters/storage/s3-store';
import type { Config } from './config/config';
import { poolUse, type Database, type Dialect } from './db/database';
import { createAuthCache } from './identity/auth-cache';
import { createAuthenticator } from './identity/authenticate';
import { interactionRoutes, issuerMount } from './identity/issuer/interactions';
import { loadIssuerSecrets } from './identity/issuer/keys';
import { createIssuer, issuerPrefix } from './identity/issuer/provider';
import { fetchDiscovery, issuerConnectSources, signOutUrl } from './identity/discovery';
import { localKeys, remoteKeys } from './identity/keys';
import { createTokenVerifier } from './identity/token-verifier';
import { createUserInfoReader } from './identity/user-info';
import { systemClock, type Clock } from './lib/clock';
import { clientLogRoutes } from './modules/client-log/client-log.routes';
import { billingRoutes, billingWebhookRoutes } from './modules/billing/billing.routes';
import { createBillingProvider } from './adapters/billing/billing';
import { emailTemplateRoutes } from './modules/email-templates/email-templates.routes';
import { healthRoutes } from './modules/health/health.routes';
import type { ModuleContext } from './modules/module-context';
import { createDeliveryWorker } from './modules/outbox/delivery-worker';
import { createEmailQueue } from './modules/outbox/email-queue';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { presenterViewRoutes } from './modules/presenter-views/presenter-views.routes';
import { resimRoutes } from './modules/resims/resims.routes';
import { resimHistoryRoutes } from './modules/resim-history/resim-history.routes';
import { clientRoutes } from './modules/clients/clients.routes';
import { consoleSocketRoutes, learnerRoutes, recordRoutes } from './modules/runs/runs.routes';
import { createConsoleHub } from './modules/runs/console-hub';
import { createSocketHub } from './modules/runs/socket-hub';
import { finishInterruptedStops, stopsSettled } from './modules/runs/session.service';
import { spaceLearnerRoutes } from './modules/learners/learners.routes';
import { accommodationRoutes } from './modules/accommodations/accommodations.routes';
import { intelRoutes } from './modules/intel/intel.routes';
import { spaceScoreboardRoutes } from './modules/space-scoreboard/space-scoreboard.routes';
import { learnerFlowRoutes } from './modules/learner-flow/learner-flow.routes';
import { spaceRoutes } from './modules/spaces/spaces.routes';
import { learningRecordRoutes } from './modules/learning-records/learning-records.routes';
import { scormLaunchRoutes, scormRoutes } from './modules/scorm/scorm.routes';
import { itemAnalysisRoutes } from './modules/item-analysis/item-analysis.routes';
import { runReportRoutes } from './modules/run-reports/run-reports.routes';
import { certificateRoutes, verifyRoutes } from './modules/certificates/certificates.routes';
import { createStatementQueue, useStatementQueue } from './modules/learning-records/statement-queue';
import { createStatementSender } from './modules/learning-records/statement-sender';
import { createGradeQueue, useGradeQueue } from './modules/lti/grade-queue';
import { ltiAdminRoutes, ltiToolRoutes } from './modules/lti/lti.routes';
import { createPlatformTokens } from './modules/lti/platform-token';
import { createScoreSender } from './modules/lti/score-sender';
import { toolKeysOf } from './modules/lti/tool-keys';
import { stageTemplateRoutes } from './modules/stage-templates/stage-templates.routes';
import { templateRoutes } from './modules/templates/templates.routes';
import { tokenRoutes } from './modules/tokens/tokens.routes';
import { mfaRoutes } from './modules/mfa/mfa.routes';
import { userRoutes } from './modules/users/users.routes';
import { fileRoutes } from './modules/uploads/files.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { sweepAbandonedUploads } from './modules/uploads/uploads.service';
import { requireAuthentication } from './plugins/authenticate';
import { registerErrorHandler } from './plugins/error-handler';
import { refuseNul } from './plugins/refuse-nul';
import { rateLimitStorage } from './plugins/rate-limit-store';
import { requestIdOf } from './lib/request-id';
import { createMetrics, type Metrics } from './modules/metrics/metrics';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { countByStatus } from './modules/outbox/outbox.repository';
import { registerSecurityHeaders } from './plugins/security-headers';
import type { HelmetOptions } from 'helmet';
import { isPlatformPlayerPath } from '@resim/domain';
import { responseSerializerCompiler } from './plugins/serializer';
import { defaultWebDist, registerWebApp, sendIndex, wantsPage } from './plugins/web-app';

export type AppOptions = {
  readonly config: Config;
  readonly db: Database;
  readonly dialect: Dialect;
  readonly clock?: Clock;
  /** false silences the log (tests) */
  readonly logger?: boolean;
  /** the process's logger, when its start made one already (server.ts); one is made from the configuration otherwise */
  readonly loggerInstance?: FastifyBaseLogger;
  readonly webDist?: string;
  readonly isShuttingDown?: () => boolean;
  /** fan-out of live sessions; in-process unless several processes share the database. Closed with the app. */
  readonly live?: LiveBus;
  /** the process's metrics, when its start made them already (to count the database's failures); made here otherwise */
  readonly metrics?: Metrics;
};

/** What a log line never shows of a request. */
export const logRedactions = ['req.headers.authorization', 'req.headers.cookie'];

/** How long a token's owner is remembered between requests; revocation reaches other processes within it. */
export const authCacheTtlMs = 10_000;

/** Answers from this many bytes are compressed for a client that accepts it. */
export const compressionThreshold = 1024;

/** Largest JSON body the API accepts; uploads go through their own chunked path. */
export const bodyLimit = 1_048_576;

/** What Stripe's card form (Elements) loads, frames and calls, allowed only when Stripe bills. */
const stripeElements = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** How long news of changed runs is gathered before every process hears of it at once. */
export const liveGatherMs = 50;

/** How often uploads are looked over for ones abandoned. */
export const uploadSweepIntervalMs = 15 * 60 * 1000;

/** Builds the whole product from its configuration; server.ts only starts and stops it. */
export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger === false ? false : { level: config.logLevel, redact: logRedactions } }),
    bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  const metrics = options.metrics ?? createMetrics();
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    // By the route's pattern, never the path itself: a metric per run id would grow without end.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app, { bodyLimit, onUnavailable: () => metrics.databaseErrors.inc({ kind: 'unavailable' }) });
  refuseNul(app);

  const transport = createEmailTransport(config.email, app.log);
  const delivery = createDeliveryWorker({ db, dialect: options.dialect, clock, transport, policy: config.email, log: app.log });
  app.addHook('onClose', () => delivery.stop());
  app.log.info(`email goes to ${transport.description}`);
  const email = createEmailQueue({ db, clock, kick: delivery.kick });
  // xAPI statements are stored with each step and sent to the space's LRS apart, retried as email is.
  const statementSender = createStatementSender({ db, dialect: options.dialect, clock, policy: config.email, log: app.log });
  app.addHook('onClose', () => statementSender.stop());
  const statements = createStatementQueue(db, {
    publicUrl: config.publicUrl,
    productName: config.productName,
    clock,
    kick: statementSender.kick,
  });
  useStatementQueue(db, statements);
  // LTI grades are stored with the step that ends a run and sent to the platform apart, retried as email is.
  const platformTokens = createPlatformTokens(() => toolKeysOf(db), clock);
  const scoreSender = createScoreSender({
    db,
    dialect: options.dialect,
    clock,
    policy: config.email,
    tokens: platformTokens,
    log: app.log,
  });
  app.addHook('onClose', () => scoreSender.stop());
  useGradeQueue(db, createGradeQueue(db, { clock, kick: scoreSender.kick }));
  const authCache = createAuthCache({ ttlMs: authCacheTtlMs, maxEntries: 10_000 });
  const live = createCoalescingBus(options.live ?? createInProcessBus(), { windowMs: liveGatherMs, log: app.log });
  const storage = config.storage;
  const files =
    storage.backend.kind === 's3'
      ? await createS3Store(storage.backend)
      : await createLocalStore(storage.backend.dir, uploadChunkSize, config.publicUrl);
  app.log.info(`uploaded files go to ${files.description}`);
  let closing = false;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = setInterval(() => {
    sweeping = sweepAbandonedUploads({ db, clock, files, storage }, () => closing).catch((error: unknown) =>
      app.log.error({ err: error }, 'sweeping abandoned uploads failed'),
    );
  }, uploadSweepIntervalMs).unref();
  // A sweep under way finishes the upload in hand and stops, before the files and the database close.
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(sweep);
    await sweeping;
    files.close();
  });
  const forgetRevoked = live.subscribe((event) => {
    if (event.kind === 'access') authCache.forgetUser(event.userId);
  });
  app.addHook('onClose', async () => forgetRevoked());
  const ctx: ModuleContext = { config, db, dialect: options.dialect, clock, email, statements, authCache, live, files, metrics };
  const artifactsOrigin = URL.canParse(storage.artifactsUrl) ? [new URL(storage.artifactsUrl).origin] : [];
  const identity = config.identity;
  const issuerOrigin = new URL(identity.issuer).origin;
  const external =
    identity.kind === 'external'
      ? await fetchDiscovery(identity.issuer).then((metadata) => ({
          metadata,
          signOutUrl: signOutUrl(metadata, identity.clientId, config.publicUrl),
        }))
      : undefined;

  const securityHeaders = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.billing.stripe ? stripeElements.script : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Scenario media (images and videos an author links) may live on any HTTPS host, such as a file store.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...artifactsOrigin],
        mediaSrc: ["'self'", 'blob:', 'https:', ...artifactsOrigin],
        // PDFs shown in a frame.
        frameSrc: ["'self'", ...artifactsOrigin, ...(config.billing.stripe ? stripeElements.frame : [])],
        connectSrc: [
          "'self'",
          ...files.connectSources,
          ...(external ? issuerConnectSources(identity.issuer, external.metadata, external.signOutUrl) : [issuerOrigin]),
          ...(config.billing.stripe ? stripeElements.connect : []),
        ],
        formAction: ["'self'", issuerOrigin],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
    crossOriginEmbedderPolicy: false,
    // For browsers that read X-Frame-Options only: framed nowhere, as frame-ancestors says.
    xFrameOptions: { action: 'deny' },
  } satisfies HelmetOptions;
  registerSecurityHeaders(app, securityHeaders, {
    // A run a learning platform launched plays inside the platform's page, whichever site that is.
    matches: isPlatformPlayerPath,
    options: {
      ...securityHeaders,
      contentSecurityPolicy: {
        directives: { ...securityHeaders.contentSecurityPolicy.directives, frameAncestors: ['*'] },
      },
      xFrameOptions: false,
    },
  });
  const limits = await rateLimitStorage(config, db, options.dialect);
  app.addHook('onClose', limits.close);
  await app.register(rateLimit, { global: false, ...limits.options });
  // Before the web app's files are registered, which bring their own precompressed copies. Smaller
  // answers are not worth a compressor; request bodies are small JSON, taken as sent.
  await app.register(compress, { threshold: compressionThreshold, encodings: ['br', 'gzip'], globalDecompression: false });

  await app.register(swagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  await app.register(healthRoutes, { db, isShuttingDown: options.isShuttingDown ?? (() => false) });
  app.get('/config.json', { schema: { hide: true, response: { 200: webConfig } } }, () => ({
    productName: config.productName,
    authority: identity.issuer,
    clientId: identity.clientId,
    scope: identity.scope,
    embeddedIssuer: identity.kind === 'embedded',
    // Only where discovery has none: the embedded issuer's and a standard issuer's are found by the client.
    signOutUrl: external && !external.metadata.end_session_endpoint ? external.signOutUrl : null,
    identityProvider: identity.kind === 'external' ? (identity.identityProvider ?? null) : null,
    session: config.session,
    uploads: { chunkSize: uploadChunkSize, maxBytes: storage.maxBytes, imageMaxBytes: storage.imageMaxBytes, types: uploadTypeNames },
    emailSends: transport.sends,
  }));
  await app.register(clientLogRoutes);

  let keys;
  let verifiedIssuer = identity.issuer;
  if (identity.kind === 'embedded') {
    const secrets = await loadIssuerSecrets(db);
    const provider = await createIssuer({
      db,
      secrets,
      issuer: identity.issuer,
      clientId: identity.clientId,
      audience: identity.audience,
      groupsClaim: config.groupsClaim,
      productName: config.productName,
      trustProxy: config.trustProxy,
    });
    await app.register(issuerMount, { provider, issuerPath: issuerPrefix });
    await app.register(interactionRoutes, {
      provider,
      db,
      clock,
      email,
      productName: config.productName,
      publicUrl: config.publicUrl,
      accountAttemptsPerHour: config.signInAttemptsPerHour,
    });
    keys = localKeys(secrets.signingKeys);
  } else {
    const { metadata } = external!;
    keys = remoteKeys(identity.jwksUrl ?? metadata.jwks_uri);
    // Tokens carry the issuer exactly as discovery spells it, trailing slash and all.
    verifiedIssuer = metadata.issuer;
  }
  const authenticate = createAuthenticator({
    db,
    clock,
    subjectIsUserId: identity.kind === 'embedded',
    cache: authCache,
    readUserInfo: external?.metadata.userinfo_endpoint ? createUserInfoReader(external.metadata.userinfo_endpoint) : undefined,
    verify: createTokenVerifier({
      issuer: verifiedIssuer,
      audience: identity.audience,
      clientId: identity.clientId,
      groupsClaim: config.groupsClaim,
      keys,
      requireTokenUse: identity.kind === 'external' && identity.cognito !== undefined,
    }),
  });

  const hub = createSocketHub({
    db,
    clock,
    live,
    log: app.log,
    capacity: config.learnerCapacity,
    onStep: (outcome, ms, databaseAway) => {
      metrics.steps.inc({ outcome });
      if (databaseAway) metrics.databaseErrors.inc({ kind: 'unavailable' });
      metrics.stepDuration.observe(ms / 1000);
    },
  });
  const consoleHub = createConsoleHub({ db, clock, live, authenticate, log: app.log });
  await app.register(websocket, {
    // A learner's socket only ever sends small messages.
    options: { maxPayload: 64 * 1024 },
    // Before the port closes, the hubs close their sockets themselves once the steps sent on them
    // are stored, saying 1012 (service restart) so that players reconnect at once, elsewhere;
    // the plugin's own closing would drop them without a word. A Stop under way ends its runs
    // first; its learners are told on reconnecting.
    preClose: async () => {
      await stopsSettled(db);
      await hub.close();
      consoleHub.close();
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });
  metrics.watch({
    learnerSockets: hub.socketCount,
    consoleSockets: consoleHub.socketCount,
    pool: () => poolUse(db),
    outbox: () => countByStatus(db),
  });
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  app.addHook('onClose', () => live.close());
  // A Stop that an earlier process did not finish is finished now.
  app.addHook('onReady', () => {
    finishInterruptedStops({ db, clock, live, log: app.log }).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not finish the Stops an earlier process left'),
    );
  });
  await app.register(learnerRoutes, { ...ctx, authenticate, hub });
  await app.register(consoleSocketRoutes, { consoleHub });
  await app.register(scormLaunchRoutes, { ...ctx, hub });
  await app.register(verifyRoutes, ctx);
  await app.register(ltiToolRoutes, { ...ctx, kickGrades: scoreSender.kick, tokens: platformTokens, capacity: hub });
  const billing = await createBillingProvider(config.billing, { log: app.log, clock });
  await app.register(billingWebhookRoutes, { ...ctx, billing });

  await app.register(async (api) => {
    requireAuthentication(api, authenticate);
    await api.register(spaceRoutes, ctx);
    await api.register(learningRecordRoutes, ctx);
    await api.register(ltiAdminRoutes, { ...ctx, kickGrades: scoreSender.kick, tokens: platformTokens });
    await api.register(userRoutes, ctx);
    await api.register(tokenRoutes, ctx);
    await api.register(mfaRoutes, ctx);
    await api.register(resimRoutes, ctx);
    await api.register(resimHistoryRoutes, ctx);
    await api.register(scormRoutes, ctx);
    await api.register(itemAnalysisRoutes, ctx);
    await api.register(runReportRoutes, ctx);
    await api.register(certificateRoutes, ctx);
    await api.register(recordRoutes, ctx);
    await api.register(learnerFlowRoutes, ctx);
    await api.register(clientRoutes, { ...ctx, presence: hub });
    await api.register(intelRoutes, ctx);
    await api.register(presenterViewRoutes, ctx);
    await api.register(templateRoutes);
    await api.register(stageTemplateRoutes, ctx);
    await api.register(spaceLearnerRoutes, ctx);
    await api.register(accommodationRoutes, ctx);
    await api.register(spaceScoreboardRoutes, ctx);
    await api.register(emailTemplateRoutes, ctx);
    await api.register(outboxRoutes, ctx);
    await api.register(uploadRoutes, ctx);
    await api.register(billingRoutes, { ...ctx, billing });
  });
  await app.register(fileRoutes, { files, clock });

  const webBuilt = await registerWebApp(app, { dir: options.webDist ?? defaultWebDist });
  app.setNotFoundHandler((request, reply) => {
    if (webBuilt && wantsPage(request)) return sendIndex(request, reply);
    return reply.status(404).send({ code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
  return app;
};
