import { accessTokenLifetimeSeconds } from '@resim/domain';
import type Provider from 'oidc-provider';
import type { Configuration, FindAccount, KoaContextWithOIDC } from 'oidc-provider';
import type { Database } from '../../db/database';
import { findUserById } from '../../modules/users/users.repository';
import { userGroups } from '../../modules/users/users.service';
import { localKeys } from '../keys';
import { createAdapterFactory } from './adapter';
import { consoleUserinfo } from './console-userinfo';
import type { IssuerSecrets } from './keys';
import { messagePage, signOutPage } from './pages';

export type IssuerOptions = {
  readonly db: Database;
  readonly secrets: IssuerSecrets;
  /** issuer identifier: the product's public URL */
  readonly issuer: string;
  readonly clientId: string;
  readonly audience: string;
  readonly groupsClaim: string;
  readonly productName: string;
  /** origins allowed to sign in with the console client, besides the issuer's own */
  readonly extraOrigins?: readonly string[];
  readonly trustProxy: boolean;
};

/** Every path the issuer answers, besides its discovery document. */
export const issuerPrefix = '/oidc';
export const accessTokenTtl = accessTokenLifetimeSeconds;

/**
 * The embedded OpenID Connect issuer (oidc-provider): authorization code with PKCE, refresh
 * tokens, RP-initiated sign-out, JWT access tokens for the API (asked for with its scope) and
 * tokens for the userinfo endpoint otherwise. Sign-in pages are ours
 * (interactions.ts); accounts are the users table.
 */
export const createIssuer = async (options: IssuerOptions): Promise<Provider> => {
  // Loaded when the issuer is made, not with the module: oidc-provider writes a notice to the
  // console as it loads, which the server by then writes as a JSON log line like any other.
  const { default: OidcProvider, errors } = await import('oidc-provider');
  const origins = [new URL(options.issuer).origin, ...(options.extraOrigins ?? [])];
  const apiScope = 'api';
  const findAccount: FindAccount = async (_ctx, sub) => {
    const user = await findUserById(options.db, sub);
    if (!user) return undefined;
    return {
      accountId: user.id,
      claims: () => ({
        sub: user.id,
        email: user.email,
        email_verified: user.email_verified_at !== null,
        name: user.name ?? user.email,
      }),
    };
  };

  const configuration: Configuration = {
    adapter: createAdapterFactory(options.db),
    clients: [
      {
        client_id: options.clientId,
        client_name: options.productName,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.flatMap((origin) => [`${origin}/`, `${origin}/auth/callback`]),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
      },
    ],
    jwks: { keys: options.secrets.signingKeys },
    cookies: { keys: options.secrets.cookieKeys },
    pkce: { required: () => true },
    responseTypes: ['code'],
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount,
    routes: {
      authorization: `${issuerPrefix}/auth`,
      token: `${issuerPrefix}/token`,
      jwks: `${issuerPrefix}/jwks`,
      userinfo: `${issuerPrefix}/me`,
      end_session: `${issuerPrefix}/session/end`,
      revocation: `${issuerPrefix}/token/revocation`,
      introspection: `${issuerPrefix}/token/introspection`,
      pushed_authorization_request: `${issuerPrefix}/request`,
      code_verification: `${issuerPrefix}/device`,
      device_authorization: `${issuerPrefix}/device/auth`,
      backchannel_authentication: `${issuerPrefix}/backchannel`,
      registration: `${issuerPrefix}/reg`,
      challenge: `${issuerPrefix}/challenge`,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = signOutPage({ productName: options.productName, form });
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage({
            productName: options.productName,
            title: 'Signed out',
            text: 'You have signed out.',
            linkHref: '/',
            linkText: `Back to ${options.productName}`,
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        // The API's audience only for a request that asks for its scope (the console's). A relying
        // party asking for openid, profile and email alone gets a token for the userinfo endpoint,
        // which refuses tokens bound to another audience.
        defaultResource: (ctx, _client, oneOf) => {
          if (oneOf) return oneOf;
          const asked = ctx.oidc.params?.['scope'];
          return typeof asked === 'string' && asked.split(' ').includes(apiScope) ? options.audience : undefined;
        },
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== options.audience) throw new errors.InvalidTarget();
          return {
            scope: apiScope,
            audience: options.audience,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    // The console is first-party: no consent screen, the grant is made at sign-in.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(options.audience, apiScope);
      await grant.save();
      return grant;
    },
    issueRefreshToken: (_ctx, client, code) => client.grantTypeAllowed('refresh_token') && code.scopes.has('openid'),
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await findUserById(options.db, token.accountId);
      if (!user) return undefined;
      return { email: user.email, name: user.name ?? user.email, [options.groupsClaim]: userGroups(user) };
    },
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: accessTokenTtl,
      Interaction: 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    renderError: (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      const description = typeof out.error_description === 'string' ? out.error_description : 'The sign-in request could not be completed.';
      ctx.body = messagePage({
        productName: options.productName,
        title: 'Sign-in problem',
        text: `${description} (${String(out.error)})`,
        linkHref: '/',
        linkText: `Back to ${options.productName}`,
        danger: true,
      });
    },
  };

  const provider = new OidcProvider(options.issuer, configuration);
  provider.proxy = options.trustProxy;
  provider.use(
    consoleUserinfo({
      userinfoPath: `${issuerPrefix}/me`,
      issuer: options.issuer,
      audience: options.audience,
      clientId: options.clientId,
      keys: localKeys(options.secrets.signingKeys),
      findAccount,
    }),
  );
  // Discovery lists the OpenID scopes only; the API's scope, which the console asks for, belongs in it too.
  provider.use(async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.oidc?.route === 'discovery' && ctx.body && typeof ctx.body === 'object') {
      const body = ctx.body as { scopes_supported?: string[] };
      body.scopes_supported = [...new Set([...(body.scopes_supported ?? []), apiScope])];
    }
  });
  return provider;
};
