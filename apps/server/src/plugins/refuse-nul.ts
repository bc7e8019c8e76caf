import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors/app-error';

const nul = '\u0000';

const child = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/**
 * Where a NUL character first stands in what a request sent (`body.actions[2].name`), or
 * undefined. Walked with a stack of its own, not by recursion: a body nested thousands deep must be
 * answered, not overflow.
 */
export const nulAt = (value: unknown, path: string): string | undefined => {
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [current, at] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes(nul)) return at;
    } else if (ArrayBuffer.isView(current)) {
      // Bytes kept as they came (a webhook's signed body) are not text to store.
      continue;
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) pending.push([current[index], child(at, index)]);
    } else if (current !== null && typeof current === 'object') {
      const entries: [string, unknown][] = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index]!;
        if (key.includes(nul)) return child(at, key);
        pending.push([item, child(at, key)]);
      }
    }
  }
  return undefined;
};

/**
 * A NUL character is refused in a request's path, query and body, on every route and on both
 * databases alike: PostgreSQL cannot store one in text, and no name, answer or message needs it.
 */
export const refuseNul = (app: FastifyInstance): void => {
  app.addHook('preValidation', async (request) => {
    const parts: [string, unknown][] = [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const at = nulAt(value, part);
      if (at !== undefined)
        throw badRequest(`${at} holds a NUL character (\\u0000), which cannot be stored: take it out and send it again`);
    }
  });
};
