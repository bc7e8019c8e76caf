import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import type { Authenticator } from '../identity/authenticate';
import type { Principal } from '../identity/principal';

export type RequestAuth = { readonly principal: Principal; readonly user: UserRow };

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    authState: RequestAuth | null;
  }
}

/** Authenticates every request of the scope it is added to, before its body is read. */
export const requireAuthentication = (app: FastifyInstance, authenticate: Authenticator): void => {
  if (!app.hasRequestDecorator('authState')) app.decorateRequest('authState', null);
  app.addHook('onRequest', async (request) => {
    request.authState = await authenticate(request.headers.authorization);
  });
};

/** The caller of an authenticated route. */
export const authOf = (request: FastifyRequest): RequestAuth => {
  if (!request.authState) throw new Error('authOf called on a route without authentication');
  return request.authState;
};
