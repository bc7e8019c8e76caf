import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from 'jose';

/**
 * An issuer shaped as Amazon Cognito shapes its user pools, on loopback, for tests: the issuer
 * (discovery and keys) on one origin, the hosted UI (sign-in page, token, userinfo, /logout) on
 * another, as a pool's domain is. Like Cognito it has no end_session_endpoint; its access tokens
 * carry no email and no aud but client_id, token_use and cognito:groups; its userinfo sends
 * email_verified as a string.
 */

export type FakeCognitoUser = {
  readonly username: string;
  readonly password: string;
  readonly email: string;
  readonly emailVerified: boolean;
  groups: string[];
};

type SigningKey = { readonly kid: string; readonly privateKey: CryptoKey; readonly publicJwk: JWK };
type PendingCode = { username: string; redirectUri: string; codeChallenge: string; scope: string; nonce: string | undefined };

export type FakeCognito = {
  /** http://localhost:<port>/<region>_<id>, as https://cognito-idp.<region>.amazonaws.com/<pool id> */
  readonly issuer: string;
  /** http://127.0.0.1:<other port>, as the pool's domain */
  readonly hostedUi: string;
  readonly clientId: string;
  /** lets an application at this origin sign in (<origin>/auth/callback) and out (<origin>/) */
  allow: (origin: string) => void;
  addUser: (user: Omit<FakeCognitoUser, 'groups'> & { groups?: string[] }) => FakeCognitoUser;
  subjectOf: (username: string) => string;
  /** the tokens its token endpoint would give the user */
  tokensFor: (username: string) => Promise<{ accessToken: string; idToken: string }>;
  /** an access token with claims of the test's choosing over the usual ones */
  signAccessToken: (username: string, claims?: Record<string, unknown>) => Promise<string>;
  /** a new signing key replaces the old one in the key set */
  rotateKey: () => Promise<void>;
  readonly authorizeRequests: URL[];
  readonly logoutRequests: URL[];
  readonly userInfoRequests: string[];
  close: () => Promise<void>;
};

const newKey = async (): Promise<SigningKey> => {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = crypto.randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
};

const listen = (server: http.Server): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

const readBody = async (request: http.IncomingMessage): Promise<URLSearchParams> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const send = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
    'access-control-allow-origin': '*',
    ...headers,
  });
  response.end(text);
};

const redirect = (response: http.ServerResponse, location: string, headers: Record<string, string> = {}) => {
  response.writeHead(302, { location, ...headers });
  response.end();
};

const signInPage = (params: URLSearchParams, problem: string | undefined) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signin</title></head>
<body><main>
<h1>Sign in with your email and password</h1>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="/login">
${[...params].map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('\n')}
<label for="username">Email</label> <input id="username" name="username" autocomplete="username">
<label for="password">Password</label> <input id="password" name="password" type="password" autocomplete="current-password">
<button type="submit">Sign in</button>
</form>
</main></body></html>`;

export const startFakeCognito = async (options: { region?: string; clientId?: string } = {}): Promise<FakeCognito> => {
  const region = options.region ?? 'eu-west-2';
  const poolId = `${region}_Fake${crypto.randomBytes(4).toString('hex')}`;
  const clientId = options.clientId ?? crypto.randomBytes(13).toString('hex');
  const issuerServer = http.createServer();
  const hostedServer = http.createServer();
  const issuer = `http://localhost:${await listen(issuerServer)}/${poolId}`;
  const hostedUi = `http://127.0.0.1:${await listen(hostedServer)}`;

  let key = await newKey();
  const retiredKeys: SigningKey[] = [];
  const users = new Map<string, FakeCognitoUser>();
  const subjects = new Map<string, string>();
  const sessions = new Map<string, string>();
  const codes = new Map<string, PendingCode>();
  const refreshTokens = new Map<string, { username: string; scope: string }>();
  const callbacks = new Set<string>();
  const logoutUris = new Set<string>();
  const authorizeRequests: URL[] = [];
  const logoutRequests: URL[] = [];
  const userInfoRequests: string[] = [];

  const userOf = (username: string) => {
    const user = users.get(username);
    if (!user) throw new Error(`no user ${username} in the fake Cognito pool`);
    return user;
  };
  const subjectOf = (username: string) => {
    userOf(username);
    return subjects.get(username)!;
  };
  const sign = (claims: Record<string, unknown>, ttlSeconds = 3600) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid })
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .setJti(crypto.randomUUID())
      .sign(key.privateKey);
  const common = (user: FakeCognitoUser) => ({
    sub: subjectOf(user.username),
    ...(user.groups.length > 0 ? { 'cognito:groups': user.groups } : {}),
    origin_jti: crypto.randomUUID(),
    event_id: crypto.randomUUID(),
    auth_time: Math.floor(Date.now() / 1000),
  });
  const signAccessToken = (username: string, claims: Record<string, unknown> = {}, scope = 'openid email profile') => {
    const user = userOf(username);
    return sign({ ...common(user), version: 2, client_id: clientId, token_use: 'access', scope, username: subjectOf(username), ...claims });
  };
  const signIdToken = (username: string, nonce?: string) => {
    const user = userOf(username);
    return sign({
      ...common(user),
      aud: clientId,
      token_use: 'id',
      'cognito:username': subjectOf(username),
      email: user.email,
      email_verified: user.emailVerified,
      ...(nonce ? { nonce } : {}),
    });
  };
  const tokenResponse = async (username: string, scope: string, nonce?: string) => {
    const refreshToken = crypto.randomBytes(24).toString('base64url');
    refreshTokens.set(refreshToken, { username, scope });
    return {
      access_token: await signAccessToken(username, {}, scope),
      id_token: await signIdToken(username, nonce),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      expires_in: 3600,
    };
  };
  const sessionOf = (request: http.IncomingMessage) => {
    const cookie = /(?:^|;\s*)cognito=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
    return cookie ? sessions.get(cookie) : undefined;
  };
  const issueCode = (response: http.ServerResponse, params: URLSearchParams, username: string, headers: Record<string, string> = {}) => {
    const code = crypto.randomBytes(16).toString('hex');
    codes.set(code, {
      username,
      redirectUri: params.get('redirect_uri')!,
      codeChallenge: params.get('code_challenge')!,
      scope: params.get('scope') ?? 'openid',
      nonce: params.get('nonce') ?? undefined,
    });
    const target = new URL(params.get('redirect_uri')!);
    target.searchParams.set('code', code);
    if (params.has('state')) target.searchParams.set('state', params.get('state')!);
    redirect(response, target.href, headers);
  };
  const authorizeProblem = (params: URLSearchParams) => {
    if (params.get('client_id') !== clientId) return 'unknown client_id';
    if (!callbacks.has(params.get('redirect_uri') ?? '')) return 'redirect_mismatch';
    if (params.get('response_type') !== 'code') return 'unsupported_response_type';
    if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) return 'PKCE with S256 is required';
    return undefined;
  };

  issuerServer.on('request', (request, response) => {
    const url = new URL(request.url ?? '/', issuer);
    if (url.pathname === `/${poolId}/.well-known/openid-configuration`) {
      // As Cognito's: the hosted UI's endpoints on the pool's domain, and no end_session_endpoint.
      return send(response, 200, {
        issuer,
        authorization_endpoint: `${hostedUi}/oauth2/authorize`,
        token_endpoint: `${hostedUi}/oauth2/token`,
        userinfo_endpoint: `${hostedUi}/oauth2/userInfo`,
        revocation_endpoint: `${hostedUi}/oauth2/revoke`,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        response_types_supported: ['code', 'token'],
        scopes_supported: ['openid', 'email', 'phone', 'profile'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (url.pathname === `/${poolId}/.well-known/jwks.json`) return send(response, 200, { keys: [key.publicJwk] });
    return send(response, 404, { message: 'not found' });
  });

  hostedServer.on('request', (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', hostedUi);
      if (request.method === 'OPTIONS') {
        response.writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-headers': 'authorization, content-type',
          'access-control-allow-methods': 'GET, POST',
        });
        return response.end();
      }
      if (url.pathname === '/oauth2/authorize') {
        authorizeRequests.push(url);
        const problem = authorizeProblem(url.searchParams);
        if (problem) return send(response, 400, `<p>${escapeHtml(problem)}</p>`);
        const username = sessionOf(request);
        if (username) return issueCode(response, url.searchParams, username);
        return send(response, 200, signInPage(url.searchParams, undefined));
      }
      if (url.pathname === '/login' && request.method === 'POST') {
        const form = await readBody(request);
        const username = form.get('username') ?? '';
        const password = form.get('password') ?? '';
        form.delete('username');
        form.delete('password');
        const problem = authorizeProblem(form);
        if (problem) return send(response, 400, `<p>${escapeHtml(problem)}</p>`);
        const user = users.get(username);
        if (!user || user.password !== password) return send(response, 200, signInPage(form, 'Incorrect username or password.'));
        const session = crypto.randomBytes(16).toString('hex');
        sessions.set(session, username);
        return issueCode(response, form, username, { 'set-cookie': `cognito=${session}; Path=/; HttpOnly; SameSite=Lax` });
      }
      if (url.pathname === '/oauth2/token' && request.method === 'POST') {
        const form = await readBody(request);
        if (form.get('client_id') !== clientId) return send(response, 400, { error: 'invalid_client' });
        if (form.get('grant_type') === 'refresh_token') {
          const grant = refreshTokens.get(form.get('refresh_token') ?? '');
          if (!grant) return send(response, 400, { error: 'invalid_grant' });
          const { refresh_token: _unused, ...tokens } = await tokenResponse(grant.username, grant.scope);
          return send(response, 200, tokens);
        }
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
        if (!pending || pending.redirectUri !== form.get('redirect_uri') || pending.codeChallenge !== challenge) {
          return send(response, 400, { error: 'invalid_grant' });
        }
        return send(response, 200, await tokenResponse(pending.username, pending.scope, pending.nonce));
      }
      if (url.pathname === '/oauth2/userInfo') {
        const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        userInfoRequests.push(token);
        try {
          const keys = createLocalJWKSet({ keys: [key.publicJwk, ...retiredKeys.map((old) => old.publicJwk)] });
          const { payload } = await jwtVerify(token, keys, { issuer });
          if (payload['token_use'] !== 'access') throw new Error('not an access token');
          const user = [...users.values()].find((candidate) => subjects.get(candidate.username) === payload.sub)!;
          // Cognito's userinfo sends email_verified as a string.
          return send(response, 200, {
            sub: payload.sub,
            email: user.email,
            email_verified: String(user.emailVerified),
            username: payload.sub,
          });
        } catch {
          return send(response, 401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
        }
      }
      if (url.pathname === '/logout') {
        logoutRequests.push(url);
        if (url.searchParams.get('client_id') !== clientId) return send(response, 400, '<p>unknown client_id</p>');
        const logoutUri = url.searchParams.get('logout_uri') ?? '';
        if (!logoutUris.has(logoutUri)) return send(response, 400, '<p>Required String parameter logout_uri is not valid</p>');
        const cookie = /(?:^|;\s*)cognito=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
        if (cookie) sessions.delete(cookie);
        return redirect(response, logoutUri, { 'set-cookie': 'cognito=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0' });
      }
      return send(response, 404, '<p>Not found</p>');
    })().catch((error: unknown) => send(response, 500, { error: String(error) }));
  });

  const close = (server: http.Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    issuer,
    hostedUi,
    clientId,
    allow: (origin) => {
      callbacks.add(`${origin}/auth/callback`);
      logoutUris.add(`${origin}/`);
    },
    addUser: (user) => {
      const added = { ...user, groups: user.groups ?? [] };
      users.set(user.username, added);
      subjects.set(user.username, crypto.randomUUID());
      return added;
    },
    subjectOf,
    tokensFor: async (username) => ({ accessToken: await signAccessToken(username), idToken: await signIdToken(username) }),
    signAccessToken: (username, claims) => signAccessToken(username, claims),
    rotateKey: async () => {
      retiredKeys.push(key);
      key = await newKey();
    },
    authorizeRequests,
    logoutRequests,
    userInfoRequests,
    close: async () => {
      await Promise.all([close(issuerServer), close(hostedServer)]);
    },
  };
};
