import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { EmailSender } from '../../modules/outbox/email-queue';
import type { Database } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../lib/clock';
import { challengeUser, checkSecondFactor, endChallenge, hasMfa, refusalMessage, startChallenge } from '../../modules/mfa/mfa.service';
import {
  checkConfirmationCode,
  codeTtlMs,
  confirmationUserId,
  needsEmailConfirmation,
  resendConfirmationCode,
  startEmailConfirmation,
} from '../../modules/email-confirmation/email-confirmation.service';
import { findUserByEmail, findUserById } from '../../modules/users/users.repository';
import { minPasswordLength, verifyPassword } from '../passwords';
import { confirmCodePage, forgotPasswordPage, messagePage, mfaCodePage, newPasswordPage, signInPage } from './pages';
import { completePasswordReset, requestPasswordReset, resetLinkAccount } from './password-reset';

export type InteractionOptions = {
  readonly provider: Provider;
  readonly db: Database;
  readonly clock: Clock;
  readonly email: EmailSender;
  readonly productName: string;
  readonly publicUrl: string;
  /** sign-in attempts one account may have in an hour, from every address together (ASVS 2.2.1) */
  readonly accountAttemptsPerHour: number;
};

type UidParams = { uid: string };
type Form = Record<string, string | string[] | undefined>;

const field = (body: unknown, name: string): string => {
  const value = (body as Form | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

// Sign-in and reset attempts: per address and account, so one noisy client cannot lock others out.
const attemptLimit = (max: number, key = (request: FastifyRequest) => field(request.body, 'email').trim().toLowerCase()) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    // after the form is parsed, so the key can include the email typed
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${key(request)}`,
    errorResponseBuilder: () => new AppError('rate_limited', 'Too many attempts. Wait a minute and try again.'),
  },
});

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

/** The issuer's sign-in and password-reset pages. */
export const interactionRoutes = async (app: FastifyInstance, options: InteractionOptions): Promise<void> => {
  const { provider, productName } = options;
  await app.register(formbody, { bodyLimit: 10_000 });
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });

  const renderSignIn = (reply: FastifyReply, uid: string, extra: { email?: string; error?: string; notice?: string } = {}, status = 200) =>
    html(
      reply,
      signInPage({
        productName,
        action: `/interaction/${uid}/login`,
        forgotHref: `/account/forgot?interaction=${encodeURIComponent(uid)}`,
        cancelHref: `/interaction/${uid}/abort`,
        ...extra,
      }),
      status,
    );

  const expired = (reply: FastifyReply) =>
    html(
      reply,
      messagePage({
        productName,
        title: 'Sign-in expired',
        text: 'This sign-in page has expired. Start again from the console.',
        linkHref: '/',
        linkText: `Open ${productName}`,
        danger: true,
      }),
      400,
    );

  app.get<{ Params: UidParams }>('/interaction/:uid', async (request, reply) => {
    let details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return expired(reply);
    }
    if (details.uid !== request.params.uid) return expired(reply);
    if (details.prompt.name === 'consent') {
      // The console is the only client and first-party: whatever it asks for is granted.
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
      if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
        grant!.addResourceScope(resource, scopes.join(' '));
      const grantId = await grant!.save();
      reply.hijack();
      return provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    }
    const notice =
      (request.query as Form)['notice'] === 'password-changed' ? 'Your password has been changed. Sign in with it now.' : undefined;
    return renderSignIn(reply, details.uid, notice ? { notice } : {});
  });

  const accountAttempts = app.createRateLimit({
    max: options.accountAttemptsPerHour,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => `sign-in-hourly|${field(request.body, 'email').trim().toLowerCase()}`,
  });

  app.post<{ Params: UidParams }>('/interaction/:uid/login', { config: attemptLimit(10) }, async (request, reply) => {
    let details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return expired(reply);
    }
    const email = field(request.body, 'email').trim().toLowerCase();
    const password = field(request.body, 'password');
    if (!email || !password) return renderSignIn(reply, details.uid, { email, error: 'Enter your email and password.' }, 400);
    // ASVS 2.2.1: so many tries an hour for one account, however many addresses they come from.
    const hourly = await accountAttempts(request);
    if (!hourly.isAllowed && hourly.isExceeded) {
      const minutes = Math.max(1, Math.ceil(hourly.ttlInSeconds / 60));
      void reply.header('retry-after', String(hourly.ttlInSeconds));
      const error = `Too many sign-in attempts for this account in the last hour. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or reset your password.`;
      return renderSignIn(reply, details.uid, { email, error }, 429);
    }
    const user = await findUserByEmail(options.db, email);
    if (!(await verifyPassword(user?.password_hash, password)) || !user) {
      request.log.info({ event: 'sign-in-failed' }, 'sign-in refused');
      return renderSignIn(reply, details.uid, { email, error: 'Incorrect email or password.' }, 401);
    }
    if (needsEmailConfirmation(user)) {
      await startEmailConfirmation({ ...options, user, interactionId: details.uid });
      return reply.redirect(`/interaction/${details.uid}/confirm`, 303);
    }
    return afterAddress(request, reply, details.uid, user.id);
  });

  // Once the address is proved: the code of the authenticator app if the user has one, else signed in.
  const afterAddress = async (request: FastifyRequest, reply: FastifyReply, uid: string, userId: string) => {
    if (await hasMfa(options.db, userId)) {
      await startChallenge({ db: options.db, clock: options.clock, userId, interactionId: uid });
      return reply.redirect(`/interaction/${uid}/mfa`, 303);
    }
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: userId } }, { mergeWithLastSubmission: false });
  };

  const renderConfirm = async (
    reply: FastifyReply,
    pending: { uid: string; userId: string },
    alert: { error?: string; notice?: string } = {},
    status = 200,
  ) => {
    const user = await findUserById(options.db, pending.userId);
    return html(
      reply,
      confirmCodePage({
        productName,
        action: `/interaction/${pending.uid}/confirm`,
        resendAction: `/interaction/${pending.uid}/confirm/resend`,
        cancelHref: `/interaction/${pending.uid}/abort`,
        email: user?.email ?? '',
        minutes: codeTtlMs / 60_000,
        ...alert,
      }),
      status,
    );
  };

  // A code page belongs to this browser's sign-in, once its password was right: without that, back
  // to the password. The path's uid must be the cookie's, so the attempt limit per sign-in cannot
  // be dodged by changing it. `pendingFor` finds the user that sign-in's step waits on.
  const pendingSignIn = async (
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
    pendingFor: (interactionId: string) => Promise<string | null | undefined>,
  ) => {
    let details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return { page: expired(reply) };
    }
    if (details.uid !== request.params.uid) return { page: expired(reply) };
    const userId = await pendingFor(details.uid);
    if (!userId) return { page: reply.redirect(`/interaction/${details.uid}`, 303) };
    return { uid: details.uid, userId };
  };
  const pendingConfirmation = (request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) =>
    pendingSignIn(request, reply, (uid) => confirmationUserId(options, uid));
  const pendingUser = (request: FastifyRequest<{ Params: UidParams }>, reply: FastifyReply) =>
    pendingSignIn(request, reply, (uid) => challengeUser(options.db, options.clock, uid));

  app.get<{ Params: UidParams }>('/interaction/:uid/confirm', async (request, reply) => {
    const pending = await pendingConfirmation(request, reply);
    return pending.page ?? renderConfirm(reply, pending);
  });

  app.post<{ Params: UidParams }>(
    '/interaction/:uid/confirm',
    // Per sign-in; each emailed code also takes a few tries only (checkConfirmationCode).
    { config: attemptLimit(10, (request) => (request.params as UidParams).uid) },
    async (request, reply) => {
      const pending = await pendingConfirmation(request, reply);
      if (pending.page) return pending.page;
      const check = await checkConfirmationCode({ ...options, interactionId: pending.uid, code: field(request.body, 'code') });
      if (!check.ok) {
        request.log.info({ event: 'email-confirmation-failed' }, 'confirmation code refused');
        return renderConfirm(reply, pending, { error: check.message }, check.status);
      }
      request.log.info({ event: 'email-confirmed' }, 'email address confirmed at sign-in');
      return afterAddress(request, reply, pending.uid, check.userId);
    },
  );

  app.post<{ Params: UidParams }>(
    '/interaction/:uid/confirm/resend',
    { config: attemptLimit(5, (request) => (request.params as UidParams).uid) },
    async (request, reply) => {
      const pending = await pendingConfirmation(request, reply);
      if (pending.page) return pending.page;
      const sent = await resendConfirmationCode({ ...options, interactionId: pending.uid });
      if (!sent.ok) return renderConfirm(reply, pending, { error: sent.message }, 429);
      const user = await findUserById(options.db, pending.userId);
      return renderConfirm(reply, pending, {
        notice: `A new code is on its way to ${user?.email ?? 'your address'}. Earlier codes no longer work.`,
      });
    },
  );

  const renderCode = (reply: FastifyReply, uid: string, error?: string, status = 200) =>
    html(reply, mfaCodePage({ productName, action: `/interaction/${uid}/mfa`, cancelHref: `/interaction/${uid}/abort`, error }), status);

  app.get<{ Params: UidParams }>('/interaction/:uid/mfa', async (request, reply) => {
    const pending = await pendingUser(request, reply);
    return pending.page ?? renderCode(reply, pending.uid);
  });

  app.post<{ Params: UidParams }>(
    '/interaction/:uid/mfa',
    // Per sign-in; wrong codes in a row also lock the account's codes for a while (checkSecondFactor).
    { config: attemptLimit(10, (request) => (request.params as UidParams).uid) },
    async (request, reply) => {
      const pending = await pendingUser(request, reply);
      if (pending.page) return pending.page;
      const code = field(request.body, 'code');
      if (!code.trim()) return renderCode(reply, pending.uid, 'Enter the code from your authenticator app or a recovery code.', 400);
      const check = await checkSecondFactor({ db: options.db, clock: options.clock, userId: pending.userId, code });
      if (!check.ok) {
        request.log.info({ event: 'mfa-failed', locked: check.locked }, 'sign-in code refused');
        return renderCode(reply, pending.uid, refusalMessage(check), check.locked ? 429 : 401);
      }
      if (check.method === 'recovery-code') request.log.info({ event: 'mfa-recovery-code-used' }, 'sign-in with a recovery code');
      await endChallenge(options.db, pending.uid);
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: pending.userId, amr: ['pwd', 'otp'] } },
        { mergeWithLastSubmission: false },
      );
    },
  );

  app.get<{ Params: UidParams }>('/interaction/:uid/abort', async (request, reply) => {
    try {
      await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return expired(reply);
    }
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'Sign-in was cancelled' },
      { mergeWithLastSubmission: false },
    );
  });

  const backTo = (request: FastifyRequest): string => {
    const uid = (request.query as Form)['interaction'];
    return typeof uid === 'string' && /^[\w-]{1,100}$/.test(uid) ? `/interaction/${uid}` : '/';
  };

  app.get('/account/forgot', async (request, reply) =>
    html(reply, forgotPasswordPage({ productName, action: request.url, backHref: backTo(request) })),
  );

  app.post('/account/forgot', { config: attemptLimit(5) }, async (request, reply) => {
    const email = field(request.body, 'email').trim();
    const page = { productName, action: request.url, backHref: backTo(request), email };
    if (!email) return html(reply, forgotPasswordPage({ ...page, error: 'Enter the email of your account.' }), 400);
    await requestPasswordReset({ ...options, address: email });
    return html(reply, forgotPasswordPage({ ...page, sent: true }));
  });

  app.get<{ Params: { token: string } }>('/account/reset/:token', async (request, reply) => {
    const account = await resetLinkAccount(options.db, options.clock, request.params.token);
    if (!account) {
      return html(
        reply,
        messagePage({
          productName,
          title: 'Link expired',
          text: 'This reset link has expired or has already been used. Ask for a new one.',
          linkHref: '/account/forgot',
          linkText: 'Ask for a new link',
          danger: true,
        }),
        400,
      );
    }
    return html(reply, newPasswordPage({ productName, action: request.url, minLength: minPasswordLength, ...account }));
  });

  app.post<{ Params: { token: string } }>('/account/reset/:token', { config: attemptLimit(10) }, async (request, reply) => {
    let done: { firstPassword: boolean };
    try {
      done = await completePasswordReset({
        db: options.db,
        clock: options.clock,
        token: request.params.token,
        password: field(request.body, 'password'),
        confirm: field(request.body, 'confirm'),
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 400) {
        const account = await resetLinkAccount(options.db, options.clock, request.params.token);
        const page = { productName, action: request.url, minLength: minPasswordLength, error: error.message, ...account };
        return html(reply, newPasswordPage(page), 400);
      }
      throw error;
    }
    return html(
      reply,
      messagePage({
        productName,
        ...(done.firstPassword
          ? { title: 'Password chosen', text: 'Your password is set. Sign in with your email and this password.' }
          : { title: 'Password changed', text: 'Your password has been changed. Sign in with it from the console.' }),
        linkHref: '/',
        linkText: `Open ${productName}`,
      }),
    );
  });
};

/** Hands the issuer's own paths to oidc-provider untouched: it reads the raw request itself. */
export const issuerMount = async (app: FastifyInstance, options: { provider: Provider; issuerPath: string }): Promise<void> => {
  const callback = options.provider.callback();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await callback(request.raw, reply.raw);
  };
  for (const url of [`${options.issuerPath}/*`, '/.well-known/*']) {
    app.route({ method: ['GET', 'POST', 'OPTIONS'], url, handler, schema: { hide: true } });
  }
};
