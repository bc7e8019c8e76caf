import { jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { FindAccount, KoaContextWithOIDC } from 'oidc-provider';

export type ConsoleUserinfoOptions = {
  readonly userinfoPath: string;
  readonly issuer: string;
  readonly audience: string;
  readonly clientId: string;
  readonly keys: JWTVerifyGetKey;
  /** the provider's own account lookup, so both answers carry the same claims */
  readonly findAccount: FindAccount;
};

const jwtShape = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * oidc-provider's userinfo endpoint refuses every token bound to an audience, and the console's
 * access token is bound to the API's. That token is a JWT this issuer signed for its own client,
 * whose grant always holds openid, profile and email (see loadExistingGrant), so the endpoint
 * answers it with those claims, read from the account as the provider would. Any other token
 * goes on to the provider untouched, which keeps its own answers and errors.
 */
export const consoleUserinfo =
  (options: ConsoleUserinfoOptions) =>
  async (ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> => {
    if (ctx.path !== options.userinfoPath || (ctx.method !== 'GET' && ctx.method !== 'POST')) return next();
    const token = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
    if (!token || !jwtShape.test(token)) return next();
    let subject: string;
    try {
      const { payload } = await jwtVerify(token, options.keys, {
        issuer: options.issuer,
        audience: options.audience,
        requiredClaims: ['sub', 'exp'],
      });
      if (payload['client_id'] !== options.clientId) return next();
      subject = payload.sub!;
    } catch {
      return next();
    }
    const account = await options.findAccount(ctx, subject);
    if (!account) return next();
    const claims = await account.claims('userinfo', 'openid profile email', {}, []);
    ctx.set('cache-control', 'no-store');
    ctx.body = {
      sub: claims.sub,
      ...(claims['email'] === undefined ? {} : { email: claims['email'], email_verified: claims['email_verified'] }),
      ...(claims['name'] === undefined ? {} : { name: claims['name'] }),
    };
  };
