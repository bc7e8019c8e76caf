import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

// What a balancer or a client may name a request with: plain, short, safe in a log line and a header.
const givenId = /^[\w.:@/+=-]{1,128}$/;

/** A request's id: the one it came with in `X-Request-Id` (a balancer's, to follow it across processes), or a new one. */
export const requestIdOf = (request: IncomingMessage): string => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && givenId.test(given) ? given : randomUUID();
};
