import { describe, expect, it } from 'vitest';
import { clientLogLevel } from './client-log-level';

describe('the level of a browser’s failure report', () => {
  it('is a warning for a request the server refused, whatever the browser called it', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 422, 429, 499])
      expect(clientLogLevel({ level: 'error', status }), String(status)).toBe('warn');
  });

  it('keeps the browser’s level for a failure on the server’s side, a network failure and a crash', () => {
    expect(clientLogLevel({ level: 'error', status: 500 })).toBe('error');
    expect(clientLogLevel({ level: 'error', status: 502 })).toBe('error');
    expect(clientLogLevel({ level: 'error' })).toBe('error');
    expect(clientLogLevel({ level: 'warn' })).toBe('warn');
    expect(clientLogLevel({ level: 'error', status: 0 })).toBe('error');
  });
});
