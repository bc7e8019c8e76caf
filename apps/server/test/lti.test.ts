import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, testPublicUrl, type TestApp, type TestUser } from './harness';
import { sessionScenario } from './session-scenario';

const launchUrl = `${testPublicUrl}/lti/launch`;
const clientId = 'resim-client';
const deploymentId = 'deployment-1';
const roles = {
  learner: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
  instructor: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
};

type Received = {
  readonly authorization: string | undefined;
  readonly contentType: string | undefined;
  readonly body: Record<string, unknown>;
};

/**
 * A learning platform on loopback: it publishes its key set, grants access tokens to a client
 * assertion the tool signs, takes scores at its line item (answering each POST with what
 * `scoreAnswers` says next, 200 once they run out) and serves a course's roster.
 */
const standInPlatform = async (toolJwks: () => Promise<{ keys: JWK[] }>) => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = 'platform-key-1';
  const scores: Received[] = [];
  const tokenRequests: Record<string, string>[] = [];
  const scoreAnswers: number[] = [];
  const roster: { user_id: string; email?: string; name: string; roles: string[]; status?: string }[] = [];
  const registrations: Received[] = [];
  let scorePosts = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://platform');
        if (url.pathname === '/jwks') {
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] }));
          return;
        }
        if (url.pathname === '/token' && request.method === 'POST') {
          const form = Object.fromEntries(new URLSearchParams(body));
          tokenRequests.push(form);
          try {
            await jwtVerify(form.client_assertion ?? '', createLocalJWKSet(await toolJwks()), {
              issuer: clientId,
              subject: clientId,
              audience: `${base}/token`,
            });
          } catch {
            response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_client' }));
            return;
          }
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ access_token: `token-for-${form.scope}`, token_type: 'Bearer', expires_in: 3600, scope: form.scope }));
          return;
        }
        if (url.pathname === '/courses/7/lineitems/1/lineitem/scores' && request.method === 'POST') {
          scorePosts += 1;
          const status = scoreAnswers.shift() ?? 200;
          if (status !== 200) {
            response.writeHead(status, { 'content-type': 'text/plain' }).end('Gradebook is being upgraded');
            return;
          }
          scores.push({
            authorization: request.headers.authorization,
            contentType: request.headers['content-type'],
            body: JSON.parse(body) as Record<string, unknown>,
          });
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        if (url.pathname === '/.well-known/openid-configuration') {
          response.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              issuer: base,
              authorization_endpoint: `${base}/auth`,
              token_endpoint: `${base}/token`,
              jwks_uri: `${base}/jwks`,
              registration_endpoint: `${base}/register`,
              'https://purl.imsglobal.org/spec/lti-platform-configuration': { product_family_code: 'moodle', version: '4.5' },
            }),
          );
          return;
        }
        if (url.pathname === '/register' && request.method === 'POST') {
          registrations.push({
            authorization: request.headers.authorization,
            contentType: request.headers['content-type'],
            body: JSON.parse(body) as Record<string, unknown>,
          });
          response.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              client_id: 'dynamic-client-1',
              'https://purl.imsglobal.org/spec/lti-tool-configuration': { deployment_id: 'deployment-dyn' },
            }),
          );
          return;
        }
        if (url.pathname === '/courses/7/memberships' && request.method === 'GET') {
          response
            .writeHead(200, { 'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' })
            .end(JSON.stringify({ id: url.toString(), context: { id: 'course-7' }, members: roster }));
          return;
        }
        response.writeHead(404).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    issuer: base,
    privateKey,
    kid,
    scores,
    scoreAnswers,
    tokenRequests,
    roster,
    registrations,
    scorePosts: () => scorePosts,
    registration: {
      name: 'Moodle of the faculty',
      issuer: base,
      clientId,
      deploymentIds: [deploymentId],
      authLoginUrl: `${base}/auth`,
      tokenUrl: `${base}/token`,
      jwksUrl: `${base}/jwks`,
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
type Platform = Awaited<ReturnType<typeof standInPlatform>>;

describe.each(dialects)('LTI 1.3 tool on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let platform: Platform;
  let spaceId: string;
  let resimId: string;

  beforeAll(async () => {
    // Retries a moment apart, so that the test sees the one after a 503.
    t = await createTestApp(dialect, { EMAIL_RETRY_BASE_MS: '50', EMAIL_RETRY_MAX_MS: '200' });
    owner = await t.user('owner@example.test');
    platform = await standInPlatform(async () => (await t.app.inject({ url: '/lti/jwks' })).json());
    spaceId = (await t.app.inject({ method: 'POST', url: '/admin/space', headers: owner.auth, payload: { description: 'Ward 7' } })).json<{
      id: string;
    }>().id;
    resimId = (await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: owner.auth, payload: { groupId: spaceId } })).json<{
      id: string;
    }>().id;
    const selfPaced = { ...sessionScenario, details: { ...sessionScenario.details, mode: 2 } };
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/admin/resim/${resimId}`, headers: owner.auth, payload: selfPaced })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${resimId}/2`, headers: owner.auth })).statusCode).toBe(200);
    const added = await t.app.inject({
      method: 'POST',
      url: `/admin/space/${spaceId}/lti/platforms`,
      headers: owner.auth,
      payload: platform.registration,
    });
    expect(added.statusCode).toBe(201);
  });
  afterAll(async () => {
    await t.close();
    await platform.close();
  });

  /** The platform starts a login; answers the state and nonce of the authorization request the tool redirected to. */
  const login = async (query: Record<string, string> = {}) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams({ iss: platform.issuer, login_hint: 'hint-1', target_link_uri: launchUrl, client_id: clientId, lti_message_hint: 'message-1', ...query }).toString()}`,
    });
    expect(response.statusCode, response.body).toBe(302);
    const location = new URL(response.headers.location as string);
    return { location, state: location.searchParams.get('state')!, nonce: location.searchParams.get('nonce')! };
  };

  type IdTokenOptions = {
    nonce: string;
    sub?: string;
    email?: string;
    name?: string;
    roles?: string[];
    messageType?: string;
    deployment?: string;
    key?: CryptoKey;
    expiresAt?: number;
    extra?: Record<string, unknown>;
  };
  const idToken = (options: IdTokenOptions) =>
    new SignJWT({
      nonce: options.nonce,
      name: options.name ?? 'Ann Learner',
      email: options.email ?? 'ann@hospital.test',
      'https://purl.imsglobal.org/spec/lti/claim/message_type': options.messageType ?? 'LtiResourceLinkRequest',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': options.deployment ?? deploymentId,
      'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': launchUrl,
      'https://purl.imsglobal.org/spec/lti/claim/resource_link': { id: 'link-1' },
      'https://purl.imsglobal.org/spec/lti/claim/roles': options.roles ?? roles.learner,
      'https://purl.imsglobal.org/spec/lti/claim/context': { id: 'course-7', title: 'Haematology 101' },
      'https://purl.imsglobal.org/spec/lti/claim/custom': { resim: resimId },
      'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
        scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/lineitem', 'https://purl.imsglobal.org/spec/lti-ags/scope/score'],
        lineitem: `${platform.base}/courses/7/lineitems/1/lineitem?type_id=2`,
      },
      'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
        context_memberships_url: `${platform.base}/courses/7/memberships`,
        service_versions: ['2.0'],
      },
      ...options.extra,
    })
      .setProtectedHeader({ alg: 'RS256', kid: platform.kid })
      .setIssuer(platform.issuer)
      .setAudience(clientId)
      .setSubject(options.sub ?? 'moodle-user-17')
      .setIssuedAt()
      .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 300)
      .sign(options.key ?? platform.privateKey);

  const launch = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/lti/launch',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  /** Rows a launch may write, counted, to show a refused one wrote none. */
  const counts = async () => {
    const tables = [
      'games',
      'external_runs',
      'space_learners',
      'space_members',
      'users',
      'lti_run_links',
      'lti_contexts',
      'lti_scores',
    ] as const;
    const entries = await Promise.all(
      tables.map(
        async (table) =>
          [
            table,
            Number(
              (
                await t.db
                  .selectFrom(table)
                  .select((eb) => eb.fn.countAll<number>().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            ),
          ] as const,
      ),
    );
    return Object.fromEntries(entries);
  };

  it('refuses a platform with the problem named, a second registration of one client id, and changes by anyone but the owner', async () => {
    const post = (who: TestUser, payload: object) =>
      t.app.inject({ method: 'POST', url: `/admin/space/${spaceId}/lti/platforms`, headers: who.auth, payload });
    const bad = await post(owner, { ...platform.registration, clientId: 'other', jwksUrl: 'certs.php' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('jwksUrl');
    const none = await post(owner, { ...platform.registration, clientId: 'other', deploymentIds: [] });
    expect(none.json<{ message: string }>().message).toContain('needs at least one deployment id');
    const twice = await post(owner, platform.registration);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ message: string }>().message).toContain(`client id ${clientId} is registered already`);
    const member = await t.user('member@example.test');
    await t.app.inject({
      method: 'POST',
      url: `/admin/space/${spaceId}/user`,
      headers: owner.auth,
      payload: { email: 'member@example.test' },
    });
    const refused = await post(member, { ...platform.registration, clientId: 'member-client' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toContain('Only the owner of this space');
    const seen = (await t.app.inject({ url: `/admin/space/${spaceId}/lti`, headers: member.auth })).json<{
      tool: { registrationUrl: string | null };
    }>();
    expect(seen.tool.registrationUrl).toBeNull();
  });

  it('redirects a login to the platform with the parameters of an OpenID Connect authorization request', async () => {
    const { location, state, nonce } = await login();
    expect(`${location.origin}${location.pathname}`).toBe(`${platform.base}/auth`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: clientId,
      redirect_uri: launchUrl,
      login_hint: 'hint-1',
      lti_message_hint: 'message-1',
      state,
      nonce,
    });
    expect(state.length).toBeGreaterThan(20);
    expect(nonce).not.toBe(state);
    // Logins may come as a form post too.
    const posted = await t.app.inject({
      method: 'POST',
      url: '/lti/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ iss: platform.issuer, login_hint: 'hint-2', target_link_uri: launchUrl }).toString(),
    });
    expect(posted.statusCode).toBe(302);
    expect(new URL(posted.headers.location as string).searchParams.get('login_hint')).toBe('hint-2');
  });

  it('refuses a login from an issuer or client no space registered, with a page saying so', async () => {
    const before = await counts();
    const unknown = await t.app.inject({
      url: `/lti/login?${new URLSearchParams({ iss: 'https://elsewhere.test', login_hint: 'x', target_link_uri: launchUrl }).toString()}`,
    });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
    expect(unknown.body).toContain('No space has registered the platform https://elsewhere.test');
    const client = await t.app.inject({
      url: `/lti/login?${new URLSearchParams({ iss: platform.issuer, client_id: 'other', login_hint: 'x', target_link_uri: launchUrl }).toString()}`,
    });
    expect(client.statusCode).toBe(403);
    expect(client.body).toContain('with client id other');
    expect(await counts()).toEqual(before);
  });

  it('lands a learner in the player with a working run token, as a learner of the space', async () => {
    const { state, nonce } = await login();
    const response = await launch({ id_token: await idToken({ nonce }), state });
    expect(response.statusCode, response.body).toBe(303);
    const location = response.headers.location as string;
    const match = new RegExp(`^${testPublicUrl}/play/lms/([^#]+)#token=(.+)$`).exec(location);
    expect(match).not.toBeNull();
    const [, gameId, runToken] = match!;
    const step = await t.app.inject({
      method: 'POST',
      url: `/learn/game/${gameId}/event`,
      headers: { 'x-run-token': decodeURIComponent(runToken!) },
      payload: { type: 'runAction', actionId: 'act1' },
    });
    expect(step.statusCode, step.body).toBe(200);
    const learner = await t.db
      .selectFrom('space_learners')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('email', '=', 'ann@hospital.test')
      .executeTakeFirst();
    expect(learner).toBeDefined();
    const link = await t.db.selectFrom('external_runs').selectAll().where('game_id', '=', gameId!).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ source: 'lti', learner_ref: 'moodle-user-17' });
    const game = await t.db.selectFrom('games').select(['nickname', 'email']).where('id', '=', gameId!).executeTakeFirstOrThrow();
    expect(game).toEqual({ nickname: 'Ann Learner', email: 'ann@hospital.test' });

    // Launching again resumes the same run, with a fresh token.
    const again = await login();
    const resumed = await launch({ id_token: await idToken({ nonce: again.nonce }), state: again.state });
    expect(resumed.statusCode).toBe(303);
    expect(resumed.headers.location).toContain(`/play/lms/${gameId}#token=`);
    expect(resumed.headers.location).not.toContain(runToken);
  });

  it("starts a launched learner's run with their accommodation in the space", async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: `/admin/space/${spaceId}/learner`,
      headers: owner.auth,
      payload: { learners: [{ email: 'fay@hospital.test', accommodation: { extraPercent: 50 } }] },
    });
    expect(added.statusCode, added.body).toBe(201);
    const { state, nonce } = await login();
    const response = await launch({ id_token: await idToken({ nonce, sub: 'moodle-user-18', email: 'Fay@Hospital.test' }), state });
    expect(response.statusCode, response.body).toBe(303);
    const gameId = /\/play\/lms\/([^#]+)#/.exec(response.headers.location as string)![1]!;
    const game = await t.db.selectFrom('games').select('state').where('id', '=', gameId).executeTakeFirstOrThrow();
    expect((JSON.parse(game.state!) as { allowance: unknown }).allowance).toEqual({ untimed: false, extraPercent: 50, extraSeconds: 0 });
  });

  it('makes an instructor a member of the space', async () => {
    const { state, nonce } = await login();
    const response = await launch({
      id_token: await idToken({ nonce, sub: 'moodle-teacher-3', email: 'Teacher@Hospital.test', name: 'Dr Who', roles: roles.instructor }),
      state,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('You are a member of Ward 7');
    expect(response.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(response.headers['x-frame-options']).toBeUndefined();
    const members = await t.app.inject({ url: `/admin/space/${spaceId}/user`, headers: owner.auth });
    expect(members.json<{ email: string }[]>().map((user) => user.email)).toContain('teacher@hospital.test');
    expect(await t.db.selectFrom('games').select('id').where('email', '=', 'teacher@hospital.test').execute()).toEqual([]);
  });

  it('refuses a bad signature, a replayed launch, an unknown deployment and an expired token with a page, changing nothing', async () => {
    const forger = await generateKeyPair('RS256');
    const replay = await login();
    const replayed = await idToken({ nonce: replay.nonce, sub: 'moodle-user-99', email: 'zed@hospital.test' });
    expect((await launch({ id_token: replayed, state: replay.state })).statusCode).toBe(303);
    const before = await counts();

    const cases: { token: (nonce: string) => Promise<string>; state?: string; status: number; says: string }[] = [
      {
        token: (nonce) => idToken({ nonce, sub: 'mallory', email: 'mallory@hospital.test', key: forger.privateKey }),
        status: 401,
        says: 'signature does not match the platform',
      },
      { token: () => Promise.resolve(replayed), state: replay.state, status: 401, says: 'used already' },
      // The token of a launch already made, with the state of a fresh login: its nonce is not this login's.
      { token: () => Promise.resolve(replayed), status: 401, says: 'used already' },
      {
        token: (nonce) => idToken({ nonce, sub: 'mallory', deployment: 'deployment-9' }),
        status: 403,
        says: 'deployment &quot;deployment-9&quot;',
      },
      {
        token: (nonce) => idToken({ nonce, sub: 'mallory', expiresAt: Math.floor(Date.now() / 1000) - 120 }),
        status: 401,
        says: 'has expired',
      },
    ];
    for (const refused of cases) {
      const fresh = await login();
      const response = await launch({ id_token: await refused.token(fresh.nonce), state: refused.state ?? fresh.state });
      expect(response.statusCode, refused.says).toBe(refused.status);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('This activity could not be opened');
      expect(response.body).toContain(refused.says);
    }
    const noState = await launch({ id_token: replayed });
    expect(noState.statusCode).toBe(400);
    expect(noState.body).toContain('no id_token or no state');
    expect(await counts()).toEqual(before);
  });

  it('returns a signed deep linking response naming the scenario a teacher picked', async () => {
    const { state, nonce } = await login();
    const request = await launch({
      id_token: await idToken({
        nonce,
        sub: 'moodle-teacher-3',
        email: 'teacher@hospital.test',
        roles: roles.instructor,
        messageType: 'LtiDeepLinkingRequest',
        extra: {
          'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
            deep_link_return_url: `${platform.base}/deep-link-return`,
            accept_types: ['ltiResourceLink'],
            accept_presentation_document_targets: ['iframe', 'window'],
            data: 'opaque-42',
          },
        },
      }),
      state,
    });
    expect(request.statusCode, request.body).toBe(200);
    expect(request.body).toContain('Choose a scenario for the course');
    expect(request.body).toContain('Anaemia clinic');
    const pick = /name="pick" value="([^"]+)"/.exec(request.body)![1]!;
    expect(request.body).toContain(`name="resim" value="${resimId}"`);

    const picked = await t.app.inject({
      method: 'POST',
      url: '/lti/deep-link',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ pick, resim: resimId }).toString(),
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.body).toContain(`action="${platform.base}/deep-link-return"`);
    expect(picked.headers['content-security-policy']).toContain(`form-action 'self' ${platform.base}`);
    const jwt = /name="JWT" value="([^"]+)"/.exec(picked.body)![1]!;
    const toolJwks = (await t.app.inject({ url: '/lti/jwks' })).json<{ keys: JWK[] }>();
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(toolJwks), { issuer: clientId, audience: platform.issuer });
    expect(payload).toMatchObject({
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiDeepLinkingResponse',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': deploymentId,
      'https://purl.imsglobal.org/spec/lti-dl/claim/data': 'opaque-42',
      'https://purl.imsglobal.org/spec/lti-dl/claim/content_items': [
        {
          type: 'ltiResourceLink',
          title: 'Anaemia clinic',
          url: launchUrl,
          custom: { resim: resimId },
          // 10 and 5 for the tests, 20 for the right diagnosis
          lineItem: { scoreMaximum: 35, resourceId: resimId },
        },
      ],
    });
    expect(typeof payload.nonce).toBe('string');

    // A pick not signed here is refused.
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/lti/deep-link',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ pick: `${pick.slice(0, -4)}AAAA`, resim: resimId }).toString(),
    });
    expect(tampered.statusCode).toBe(401);

    // Learners do not pick.
    const learner = await login();
    const refused = await launch({
      id_token: await idToken({
        nonce: learner.nonce,
        messageType: 'LtiDeepLinkingRequest',
        extra: {
          'https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings': {
            deep_link_return_url: `${platform.base}/deep-link-return`,
          },
        },
      }),
      state: learner.state,
    });
    expect(refused.statusCode).toBe(403);
  });

  it("sends a finished run's score to the platform's gradebook exactly once, after a 503 and a retry", async () => {
    const { state, nonce } = await login();
    platform.scoreAnswers.push(503);
    const launched = await launch({
      id_token: await idToken({ nonce, sub: 'moodle-user-41', email: 'bea@hospital.test', name: 'Bea' }),
      state,
    });
    expect(launched.statusCode, launched.body).toBe(303);
    const [, gameId, token] = /\/play\/lms\/([^#]+)#token=(.+)$/.exec(launched.headers.location as string)!;
    const runToken = { 'x-run-token': decodeURIComponent(token!) };
    for (const payload of [
      { type: 'runAction', actionId: 'act1' },
      { type: 'confirmConclusions', conclusionIds: ['conc1'] },
      { type: 'end' },
    ]) {
      const step = await t.app.inject({ method: 'POST', url: `/learn/game/${gameId}/event`, headers: runToken, payload });
      expect(step.statusCode, step.body).toBe(200);
    }
    await expect.poll(() => platform.scores.length, { timeout: 10_000 }).toBe(1);
    expect(platform.scorePosts()).toBe(2);
    const [received] = platform.scores;
    expect(received!.authorization).toBe('Bearer token-for-https://purl.imsglobal.org/spec/lti-ags/scope/score');
    expect(received!.contentType).toBe('application/vnd.ims.lis.v1.score+json');
    expect(received!.body).toMatchObject({
      userId: 'moodle-user-41',
      scoreGiven: 30,
      scoreMaximum: 35,
      activityProgress: 'Completed',
      gradingProgress: 'FullyGraded',
      comment: expect.stringContaining('30 of 35 points; the diagnosis was right'),
    });
    expect(Date.parse(received!.body.timestamp as string)).not.toBeNaN();
    const assertion = decodeJwt(platform.tokenRequests.at(-1)!.client_assertion!);
    expect(platform.tokenRequests.at(-1)).toMatchObject({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      scope: 'https://purl.imsglobal.org/spec/lti-ags/scope/score',
    });
    expect(assertion).toMatchObject({ iss: clientId, sub: clientId, aud: `${platform.base}/token` });

    const grade = await t.app.inject({ url: `/admin/space/${spaceId}/lti/runs/${gameId}`, headers: owner.auth });
    expect(grade.json()).toEqual({
      grade: {
        platform: 'Moodle of the faculty',
        status: 'sent',
        scoreGiven: 30,
        scoreMaximum: 35,
        attempts: 2,
        lastError: null,
        sentAt: expect.any(String),
      },
    });
    // Later launches of the ended run and retries of failed grades send nothing more.
    const again = await login();
    await launch({
      id_token: await idToken({ nonce: again.nonce, sub: 'moodle-user-41', email: 'bea@hospital.test' }),
      state: again.state,
    });
    expect((await t.app.inject({ method: 'POST', url: `/admin/space/${spaceId}/lti/retry`, headers: owner.auth })).json()).toEqual({
      queued: 0,
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(platform.scores).toHaveLength(1);
    const settings = await t.app.inject({ url: `/admin/space/${spaceId}/lti`, headers: owner.auth });
    expect(settings.json()).toMatchObject({ grades: { sent: 1, queued: 0, failed: 0 } });
  });

  it('registers a platform that opens the dynamic registration URL, which then launches into the space', async () => {
    const settings = (await t.app.inject({ url: `/admin/space/${spaceId}/lti`, headers: owner.auth })).json<{
      tool: { registrationUrl: string };
    }>();
    const registrationUrl = new URL(settings.tool.registrationUrl);
    expect(registrationUrl.pathname).toMatch(/^\/lti\/register\/.+/);
    const query = new URLSearchParams({
      openid_configuration: `${platform.base}/.well-known/openid-configuration`,
      registration_token: 'reg-token-1',
    });

    const forged = await t.app.inject({ url: `/lti/register/${spaceId}.forged?${query.toString()}` });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('not one of this server');
    expect(platform.registrations).toHaveLength(0);

    const response = await t.app.inject({ url: `${registrationUrl.pathname}?${query.toString()}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('org.imsglobal.lti.close');
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(response.body).toContain('now launches the scenarios of Ward 7');
    const [registration] = platform.registrations;
    expect(registration!.authorization).toBe('Bearer reg-token-1');
    expect(registration!.body).toMatchObject({
      initiate_login_uri: `${testPublicUrl}/lti/login`,
      redirect_uris: [launchUrl],
      jwks_uri: `${testPublicUrl}/lti/jwks`,
      token_endpoint_auth_method: 'private_key_jwt',
      'https://purl.imsglobal.org/spec/lti-tool-configuration': { target_link_uri: launchUrl, domain: 'localhost:8080' },
    });
    const listed = (await t.app.inject({ url: `/admin/space/${spaceId}/lti`, headers: owner.auth })).json<{
      platforms: { clientId: string; deploymentIds: string[]; registeredBy: string; authLoginUrl: string }[];
    }>();
    expect(listed.platforms.find((p) => p.clientId === 'dynamic-client-1')).toMatchObject({
      deploymentIds: ['deployment-dyn'],
      registeredBy: 'dynamic',
      authLoginUrl: `${platform.base}/auth`,
    });

    // Registering again updates the one registration.
    expect((await t.app.inject({ url: `${registrationUrl.pathname}?${query.toString()}` })).statusCode).toBe(200);
    expect(await t.db.selectFrom('lti_platforms').select('id').where('client_id', '=', 'dynamic-client-1').execute()).toHaveLength(1);

    const { state, nonce } = await login({ client_id: 'dynamic-client-1', lti_deployment_id: 'deployment-dyn' });
    const token = await new SignJWT({
      nonce,
      email: 'cy@hospital.test',
      'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiResourceLinkRequest',
      'https://purl.imsglobal.org/spec/lti/claim/version': '1.3.0',
      'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'deployment-dyn',
      'https://purl.imsglobal.org/spec/lti/claim/roles': roles.learner,
      'https://purl.imsglobal.org/spec/lti/claim/custom': { resim: resimId },
    })
      .setProtectedHeader({ alg: 'RS256', kid: platform.kid })
      .setIssuer(platform.issuer)
      .setAudience('dynamic-client-1')
      .setSubject('moodle-user-55')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(platform.privateKey);
    expect((await launch({ id_token: token, state })).statusCode).toBe(303);
  });

  it("pulls a course's roster into the space's learners: active learners with an email", async () => {
    platform.roster.push(
      { user_id: 'u-1', email: 'Dee@Hospital.test', name: 'Dee', roles: roles.learner },
      { user_id: 'u-2', email: 'ann@hospital.test', name: 'Ann', roles: roles.learner },
      { user_id: 'u-3', name: 'No Mail', roles: roles.learner },
      { user_id: 'u-4', email: 'prof@hospital.test', name: 'Prof', roles: roles.instructor },
      { user_id: 'u-5', email: 'gone@hospital.test', name: 'Gone', roles: roles.learner, status: 'Inactive' },
    );
    const platformId = (await t.db.selectFrom('lti_platforms').select('id').where('client_id', '=', clientId).executeTakeFirstOrThrow()).id;
    const pulled = await t.app.inject({
      method: 'POST',
      url: `/admin/space/${spaceId}/lti/platforms/${platformId}/roster`,
      headers: owner.auth,
    });
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json()).toEqual({ courses: 1, learners: 2, added: 1, withoutEmail: 1 });
    const learners = await t.db.selectFrom('space_learners').select('email').where('space_id', '=', spaceId).execute();
    expect(learners.map((row) => row.email)).toContain('dee@hospital.test');
    expect(learners.map((row) => row.email)).not.toContain('prof@hospital.test');
    expect(learners.map((row) => row.email)).not.toContain('gone@hospital.test');
    expect(platform.tokenRequests.at(-1)?.scope).toBe('https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly');
  });

  it('grades the runs a Stop ends, once each, as the presenter stopped them', async () => {
    const secondId = (
      await t.app.inject({ method: 'POST', url: '/admin/resim/new', headers: owner.auth, payload: { groupId: spaceId } })
    ).json<{ id: string }>().id;
    const selfPaced = { ...sessionScenario, details: { ...sessionScenario.details, resimName: 'Second clinic', mode: 2 } };
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/admin/resim/${secondId}`, headers: owner.auth, payload: selfPaced })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${secondId}/2`, headers: owner.auth })).statusCode).toBe(200);
    const { state, nonce } = await login();
    const launched = await launch({
      id_token: await idToken({
        nonce,
        sub: 'moodle-user-77',
        email: 'eve@hospital.test',
        extra: { 'https://purl.imsglobal.org/spec/lti/claim/custom': { resim: secondId } },
      }),
      state,
    });
    expect(launched.statusCode, launched.body).toBe(303);
    const [, gameId, token] = /\/play\/lms\/([^#]+)#token=(.+)$/.exec(launched.headers.location as string)!;
    const step = await t.app.inject({
      method: 'POST',
      url: `/learn/game/${gameId}/event`,
      headers: { 'x-run-token': decodeURIComponent(token!) },
      payload: { type: 'runAction', actionId: 'act1' },
    });
    expect(step.statusCode).toBe(200);
    const sentBefore = platform.scores.length;
    expect((await t.app.inject({ method: 'POST', url: `/admin/control/${secondId}/3`, headers: owner.auth })).statusCode).toBe(200);
    await expect.poll(() => platform.scores.length, { timeout: 10_000 }).toBe(sentBefore + 1);
    expect(platform.scores.at(-1)!.body).toMatchObject({
      userId: 'moodle-user-77',
      scoreGiven: 10,
      scoreMaximum: 35,
      comment: 'Second clinic: 10 of 35 points; the diagnosis was not right; the presenter stopped the session',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(platform.scores).toHaveLength(sentBefore + 1);
  });
});
