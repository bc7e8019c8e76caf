import { errorBody, mfaCodeBody, mfaEnrolment, mfaRecoveryCodes, mfaStatus, ok } from '@resim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict } from '../../errors/app-error';
import { authOf } from '../../plugins/authenticate';
import type { ModuleContext } from '../module-context';
import { confirmMfaEnrolment, disableMfa, getMfaStatus, startMfaEnrolment } from './mfa.service';

const tags = ['Multi-factor sign-in'];
const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody };

export const mfaRoutes: FastifyPluginAsyncZod<ModuleContext> = async (app, ctx) => {
  // An external identity provider asks for its own second factor; ours only guards the embedded issuer.
  const available = ctx.config.identity.kind === 'embedded';
  const requireEmbedded = () => {
    if (!available) throw conflict('Multi-factor sign-in is set up with your identity provider, not here.');
  };

  app.get(
    '/admin/user/mfa',
    { schema: { tags, summary: "Whether the caller's sign-in asks for a code", response: { 200: mfaStatus, ...errors } } },
    async (request) => ({ available, ...(await getMfaStatus(ctx.db, authOf(request).user.id)) }),
  );

  app.post(
    '/admin/user/mfa/start',
    {
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret, its otpauth URI and QR code',
        response: { 200: mfaEnrolment, ...errors },
      },
    },
    async (request) => {
      requireEmbedded();
      const { user } = authOf(request);
      return startMfaEnrolment({ db: ctx.db, clock: ctx.clock, userId: user.id, account: user.email, issuer: ctx.config.productName });
    },
  );

  app.post(
    '/admin/user/mfa/confirm',
    {
      schema: {
        tags,
        summary: 'Turn MFA on with a current code; the recovery codes are in this response only',
        body: mfaCodeBody,
        response: { 200: mfaRecoveryCodes, ...errors },
      },
    },
    async (request) => {
      requireEmbedded();
      return confirmMfaEnrolment({ db: ctx.db, clock: ctx.clock, userId: authOf(request).user.id, code: request.body.code });
    },
  );

  app.delete(
    '/admin/user/mfa',
    {
      schema: { tags, summary: 'Turn MFA off with a current code or a recovery code', body: mfaCodeBody, response: { 200: ok, ...errors } },
    },
    async (request) => {
      await disableMfa({ db: ctx.db, clock: ctx.clock, userId: authOf(request).user.id, code: request.body.code });
      return { ok: true as const };
    },
  );
};
