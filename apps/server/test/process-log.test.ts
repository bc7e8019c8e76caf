import { afterAll, describe, expect, it } from 'vitest';
import { tempFolders } from './deployment-fixtures';
import { freePort } from './oidc-client';
import { spawnServer, waitReady } from './server-process';

describe('the log of a process run by a service manager (no terminal)', () => {
  const folders = tempFolders('resim-log-');
  afterAll(() => folders.removeAll());

  it('is JSON lines from the first to the last, what libraries write to the console included', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const server = spawnServer({ DATA_DIR: folders.make(), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'info' });
    try {
      await waitReady(server, `http://127.0.0.1:${port}`);
      const answered = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-request-id': 'probe-42' } });
      expect(answered.headers.get('x-request-id')).toBe('probe-42');
      // A browser's reports: a refusal the user can put right is a warning, a failure on our side an error.
      for (const status of [409, 502]) {
        const report = { level: 'error', message: `Request failed: ${status}`, method: 'POST', path: '/admin/control/x/2', status };
        const reported = await fetch(`http://127.0.0.1:${port}/client-log`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(report),
        });
        expect(reported.status).toBe(204);
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '');
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const entries = lines.map((line) => JSON.parse(line) as { level: number; msg?: string; reqId?: string });
    expect(entries.some((entry) => entry.msg?.includes('is running at'))).toBe(true);
    expect(entries.some((entry) => entry.reqId === 'probe-42')).toBe(true);
    const reports = entries.filter((entry) => entry.msg === 'client reported a failure');
    expect(reports.map((entry) => entry.level)).toEqual([40, 50]);
    // Before Node 22, oidc-provider says as it loads that the runtime is not the one it supports.
    if (Number(process.versions.node.split('.')[0]) < 22)
      expect(entries).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining('oidc-provider') }));
  });
});
