import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JoinLimitSettings } from '../../config/config';
import { AppError } from '../../errors/app-error';
import { normaliseJoinCode } from '../../lib/join-code';

/** Checks a join against the limits; each throws a 429 with Retry-After when one is passed. Counted for the whole deployment (the rate-limit store). */
export type JoinLimits = {
  /** a new anonymous run about to be made for the code of the request's address */
  readonly admitJoin: (request: FastifyRequest) => Promise<void>;
  /** a join code that led nowhere */
  readonly wrongCode: (request: FastifyRequest) => Promise<void>;
};

const minuteMs = 60_000;

export const createJoinLimits = (app: FastifyInstance, settings: JoinLimitSettings): JoinLimits => {
  const limiter = (max: number, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow: minuteMs, keyGenerator: key });
  const joinsOfAddress = limiter(settings.perAddress, (request) => `join-address|${request.ip}`);
  const wrongCodesOfAddress = limiter(settings.wrongCodes, (request) => `join-wrong-code|${request.ip}`);
  // The code as the address names it, written as the server keeps codes.
  const joinsOfCode = limiter(
    settings.perCode,
    (request) => `join-code|${normaliseJoinCode((request.params as { code?: string }).code ?? '')}`,
  );

  type Checked = Awaited<ReturnType<ReturnType<typeof limiter>>>;
  const refuse = async (check: Promise<Checked>, message: (seconds: number) => string) => {
    const result = await check;
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    throw new AppError('rate_limited', message(seconds), { retryAfterSeconds: seconds });
  };

  return {
    admitJoin: async (request) => {
      await refuse(
        joinsOfAddress(request),
        (seconds) => `Too many learners are joining from your network just now; try again in ${seconds} seconds`,
      );
      await refuse(
        joinsOfCode(request),
        (seconds) => `Too many learners are joining this session just now; try again in ${seconds} seconds`,
      );
    },
    wrongCode: (request) =>
      refuse(
        wrongCodesOfAddress(request),
        (seconds) => `Too many join codes that lead nowhere came from your network; check the code and try again in ${seconds} seconds`,
      ),
  };
};
