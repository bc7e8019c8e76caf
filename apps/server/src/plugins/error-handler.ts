import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/unavailable';
import { AppError, errorStatus } from '../errors/app-error';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[]; message?: string } } };

const describeValidation = (context: string | undefined, issues: readonly Issue[]): string =>
  issues
    .map((issue) => {
      const path = issue.params?.issue?.path?.map(String).join('.') ?? issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ?? '';
      const where = [context, path].filter(Boolean).join('.');
      return `${where || 'request'}: ${issue.message ?? 'is not valid'}`;
    })
    .join('; ');

// Fastify's own client errors, given stable codes and plain messages.
const frameworkErrors: Record<string, (error: FastifyError, limit: number) => { code: keyof typeof errorStatus; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({ code: 'bad_request', message: 'Request body is not valid JSON' }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({ code: 'bad_request', message: 'Request body is empty but Content-Type is application/json' }),
  FST_ERR_CTP_BODY_TOO_LARGE: (_error, limit) => ({
    code: 'too_large',
    message: `Request body is larger than the limit of ${limit} bytes`,
  }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ({ code: 'unsupported_media_type', message: 'Send the request body as application/json' }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => ({ code: 'bad_request', message: 'Content-Length does not match the body' }),
};

/**
 * The one error handler: client mistakes get 4xx with a message naming the problem; anything
 * else is logged with its request and answered with a plain 500 that reveals nothing. A database
 * that cannot be reached is a 503 to try again, not a 500.
 */
export const registerErrorHandler = (app: FastifyInstance, options: { bodyLimit: number; onUnavailable?: () => void }): void => {
  const sendAppError = (reply: FastifyReply, error: AppError) => {
    // A refusal for now (a server at capacity, a database away) says when to come back.
    const retryAfter = error.details?.retryAfterSeconds;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    return reply.status(error.status).send({ ...error.details, code: error.code, message: error.message });
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(reply, error);
    if (isDatabaseUnavailable(error)) {
      // The request's only problem is the moment: retryable, and nothing of it stored (its transaction rolled back).
      request.log.warn({ err: error }, 'database unavailable');
      options.onUnavailable?.();
      return sendAppError(reply, databaseUnavailable());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ code: 'bad_request', message: describeValidation(error.validationContext, error.validation) });
    }
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) {
      const { code, message } = known(error, request.routeOptions.bodyLimit ?? options.bodyLimit);
      return reply.status(errorStatus[code]).send({ code, message });
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 'rate_limited', message: 'Too many requests. Wait a little and try again.' });
    }
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ code: 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 'internal', message: 'Something went wrong on our side. It has been logged.' });
  });
};
