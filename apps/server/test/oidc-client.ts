import crypto from 'node:crypto';
import net from 'node:net';

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** A browser's cookie jar, enough for one issuer. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export type TokenSet = { access_token: string; id_token: string; refresh_token?: string; expires_in: number; token_type: string };

export type SignInOptions = {
  readonly issuer: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly email: string;
  readonly password: string;
  readonly scope?: string;
  /** leave PKCE out, to show the issuer refuses that */
  readonly withoutPkce?: boolean;
  /** what to type on the code page, for a user with multi-factor sign-in */
  readonly secondFactor?: () => string | Promise<string>;
  /** what to type on the confirmation page, for a user whose address is not proved yet */
  readonly confirmationCode?: () => string | Promise<string>;
  /** the address the browser signs in from, as a proxy in front of the server (TRUST_PROXY) says it */
  readonly forwardedFor?: string;
};

/**
 * Signs in the way the web app does, without a browser: authorization request with PKCE,
 * the issuer's sign-in form, the redirect back with a code, and the code exchange.
 */
export const signInWithCode = async (options: SignInOptions) => {
  const jar = new CookieJar();
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const state = crypto.randomBytes(8).toString('hex');
  const go = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, options.issuer), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: jar.header(),
        ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
      },
    });
    jar.store(response);
    return response;
  };
  const authorize = new URL('/oidc/auth', options.issuer);
  authorize.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    redirect_uri: options.redirectUri,
    scope: options.scope ?? 'openid profile email api',
    state,
    ...(options.withoutPkce ? {} : { code_challenge: challenge, code_challenge_method: 'S256' }),
  }).toString();

  let response = await go(authorize.toString());
  const toInteraction = response.headers.get('location');
  if (!toInteraction?.includes('/interaction/')) {
    return { ok: false as const, status: response.status, location: toInteraction, body: await response.text() };
  }
  const signInPage = await go(toInteraction);
  const pageHtml = await signInPage.text();
  const action = /action="([^"]+)"/.exec(pageHtml)?.[1];
  if (!action) throw new Error(`no sign-in form: ${pageHtml.slice(0, 200)}`);
  response = await go(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: options.email, password: options.password }).toString(),
  });
  if (response.status !== 303 && response.status !== 302) {
    return { ok: false as const, status: response.status, location: null, body: await response.text() };
  }
  // Follow the issuer's redirects until it sends the browser back to the app.
  let location = response.headers.get('location')!;
  // The pages after the password, in their order: the emailed code, then the authenticator's.
  for (const [step, typed] of [
    ['confirm', options.confirmationCode],
    ['mfa', options.secondFactor],
  ] as const) {
    if (!location.endsWith(`/${step}`) || !/\/interaction\/[^/]+\//.test(location)) continue;
    const codePage = await go(location);
    const codeHtml = await codePage.text();
    if (!typed) return { ok: false as const, status: codePage.status, location, body: codeHtml, go };
    response = await go(location, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ code: await typed() }).toString(),
    });
    if (response.status !== 303 && response.status !== 302) {
      return { ok: false as const, status: response.status, location: null, body: await response.text(), go };
    }
    location = response.headers.get('location')!;
  }
  for (let hop = 0; hop < 5 && !location.startsWith(options.redirectUri); hop++) {
    response = await go(location);
    location = response.headers.get('location') ?? '';
  }
  const callback = new URL(location);
  if (callback.searchParams.get('state') !== state) throw new Error(`state mismatch in ${location}`);
  const code = callback.searchParams.get('code');
  if (!code) return { ok: false as const, status: 0, location, body: '' };
  const tokenResponse = await fetch(new URL('/oidc/token', options.issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: options.redirectUri,
      client_id: options.clientId,
      code_verifier: verifier,
    }).toString(),
  });
  const tokens = (await tokenResponse.json()) as TokenSet;
  return { ok: true as const, tokens, cookie: jar.header(), go };
};

export const refresh = async (issuer: string, clientId: string, refreshToken: string) => {
  const response = await fetch(new URL('/oidc/token', issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }).toString(),
  });
  return { status: response.status, body: (await response.json()) as TokenSet & { error?: string } };
};
