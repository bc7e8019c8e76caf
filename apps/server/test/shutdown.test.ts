import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { randomSecret } from '../src/lib/ids';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import { freePort } from './oidc-client';
import { spawnServer, waitReady, type ServerProcess } from './server-process';
import { openLearner } from './test-socket';

const databaseUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(databaseUrl)('stopping a server under load (SIGTERM)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    'drains: not ready at once, answers every request it took, closes sockets with 1012, and its learners go on elsewhere',
    { timeout: 120_000 },
    async () => {
      const schema = `stop_${randomSecret(6)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}`;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      const servers: ServerProcess[] = [];
      const direct = createDatabase({ url: databaseUrl, dataDir: os.tmpdir(), schema });
      try {
        const urls = await Promise.all([1, 2].map(async () => `http://127.0.0.1:${await freePort()}`));
        for (const url of urls) {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resim-stop-'));
          dirs.push(dir);
          servers.push(
            spawnServer({
              DATABASE_URL: databaseUrl!,
              DATABASE_SCHEMA: schema,
              DATA_DIR: dir,
              PORT: new URL(url).port,
              PUBLIC_URL: url,
              SHUTDOWN_DRAIN_SECONDS: '1.5',
            }),
          );
          // One after the other: the second finds the database made.
          await waitReady(servers.at(-1)!, url);
        }
        const [stopping, staying] = servers as [ServerProcess, ServerProcess];
        const [stoppingUrl, stayingUrl] = urls as [string, string];

        const author = await createUser({ db: direct.db, clock: systemClock, email: 'stop@example.test', password: 'Test-password-1' });
        const { token } = await createToken({ db: direct.db, clock: systemClock, userId: author.id, name: 'stop' });
        const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
          const response = await fetch(`${stoppingUrl}${route}`, {
            method,
            headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
          return (await response.json()) as T;
        };
        const space = await api<{ id: string }>('POST', '/admin/space', { description: 'Ward' });
        const created = await api<{ id: string; revision: number }>('POST', '/admin/resim/new', { groupId: space.id });
        await api('PATCH', `/admin/resim/${created.id}`, {
          revision: created.revision,
          details: { resimName: 'Handover', mode: 2, allowAnonymous: true, allowSignin: true },
          stages: [{ id: 'stg1', name: 'Ward', default: true }],
          measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
          actions: Array.from({ length: 200 }, (_, at) => ({ id: `act${at + 1}`, name: `Test ${at + 1}`, stage: 'stg1' })),
        });
        const { code } = await api<{ code: string }>('POST', `/admin/control/${created.id}/2`);

        const learners = await Promise.all(
          ['Ana', 'Ben', 'Cy'].map(async (nickname) => {
            const joined = (await (
              await fetch(`${stoppingUrl}/learn/join/${code}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ nickname }),
              })
            ).json()) as { gameId: string; runToken: string };
            const socketUrl = (base: string) =>
              `${base.replace('http', 'ws')}/learn/socket?game=${encodeURIComponent(joined.gameId)}&token=${encodeURIComponent(joined.runToken)}`;
            const socket = await openLearner(socketUrl(stoppingUrl));
            await socket.until(() => true, 'first snapshot');
            const closedWith = new Promise<number>((resolve) => socket.socket.once('close', (closeCode: number) => resolve(closeCode)));
            return { ...joined, socketUrl, socket, closedWith, acked: 0 };
          }),
        );

        // Learners step as fast as they are answered; a balancer's health check and clients' requests go on meanwhile.
        let ready = true;
        let stepping = true;
        const steps = learners.map(async (learner) => {
          while (stepping && learner.socket.socket.readyState === learner.socket.socket.OPEN) {
            const result = await learner.socket.step({ type: 'runAction', actionId: `act${learner.acked + 1}` }).catch(() => null);
            if (result?.ok) learner.acked += 1;
          }
        });
        const failures: string[] = [];
        const answered: number[] = [];
        const request = () =>
          fetch(`${stoppingUrl}/learn/game/${learners[0]!.gameId}`, { headers: { 'x-run-token': learners[0]!.runToken } }).then(
            async (response) => {
              await response.text();
              answered.push(response.status);
            },
            (error: Error & { cause?: { code?: string } }) => void failures.push(`${error.message} ${error.cause?.code ?? ''}`),
          );
        const clients = Array.from({ length: 8 }, async () => {
          // Like a balancer, clients stop coming once the server says it is not ready.
          while (ready) await request();
        });
        await sleep(500);

        const readyBefore = (await fetch(`${stoppingUrl}/readyz`)).status;
        const inFlight = Array.from({ length: 12 }, request);
        const signalled = Date.now();
        stopping.child.kill('SIGTERM');
        await Promise.all(inFlight);
        const readyAfter = (await fetch(`${stoppingUrl}/readyz`)).status;
        ready = false;
        await Promise.all(clients);

        expect(readyBefore).toBe(200);
        expect(readyAfter).toBe(503);
        expect(failures).toEqual([]);
        expect(answered.every((status) => status === 200)).toBe(true);
        // Sockets close with 1012 after the drain, and the process ends well.
        expect(await Promise.all(learners.map((learner) => learner.closedWith))).toEqual([1012, 1012, 1012]);
        expect(Date.now() - signalled).toBeGreaterThanOrEqual(1400);
        stepping = false;
        await Promise.all(steps);
        expect(await stopping.exited, stopping.output()).toBe(0);

        // Each learner reconnects to the other process and finds every step they were answered.
        for (const learner of learners) {
          expect(learner.acked).toBeGreaterThan(0);
          const socket = await openLearner(learner.socketUrl(stayingUrl));
          const snapshot = await socket.until(() => true, 'snapshot from the other process');
          expect(snapshot.eventCount).toBe(learner.acked);
          expect((await socket.step({ type: 'runAction', actionId: `act${learner.acked + 1}` })).ok).toBe(true);
          socket.close();
        }
        expect(staying.alive()).toBe(true);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await closeDatabase(direct.db);
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    },
  );
});
