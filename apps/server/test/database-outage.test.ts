import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase, type DatabaseHandle } from '../src/db/database';
import { systemClock } from '../src/lib/clock';
import { randomSecret } from '../src/lib/ids';
import { createToken } from '../src/modules/tokens/tokens.service';
import { createUser } from '../src/modules/users/users.service';
import { freePort } from './oidc-client';
import { spawnServer, waitReady, type ServerProcess } from './server-process';
import { startTcpProxy } from './tcp-proxy';
import { openLearner } from './test-socket';

const databaseUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const actionCount = 60;

/** A schema of its own on the test database, dropped afterwards. */
const withSchema = async () => {
  const schema = `ops_${randomSecret(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  return {
    schema,
    query: (text: string, values?: unknown[]) => admin.query(text, values),
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
};

const scenarioBody = (revision: number) => ({
  revision,
  details: { resimName: 'Night shift', mode: 2, allowAnonymous: true, allowSignin: true },
  stages: [{ id: 'stg1', name: 'Ward', default: true }],
  measures: [{ id: 'points', name: 'Points', type: 7, initial: 0, scoreOrder: 1 }],
  actions: Array.from({ length: actionCount }, (_, at) => ({
    id: `act${at + 1}`,
    name: `Test ${at + 1}`,
    stage: 'stg1',
    facts: `result ${at + 1}`,
    impact: [{ measureId: 'points', value: 1 }],
  })),
});

describe.skipIf(!databaseUrl)('the server when PostgreSQL goes away', () => {
  const dataDirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'resim-ops-'));
    dataDirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('starts three processes at once on an empty database, all of them', { timeout: 120_000 }, async () => {
    const { schema, query, drop } = await withSchema();
    const servers: ServerProcess[] = [];
    try {
      const urls = await Promise.all([1, 2, 3].map(() => freePort().then((port) => `http://127.0.0.1:${port}`)));
      for (const url of urls) {
        servers.push(
          spawnServer({
            DATABASE_URL: databaseUrl!,
            DATABASE_SCHEMA: schema,
            DATA_DIR: dataDir(),
            PORT: new URL(url).port,
            PUBLIC_URL: url,
            DEMO_SEED: 'true',
            LOG_LEVEL: 'info',
          }),
        );
      }
      await Promise.all(servers.map((server, at) => waitReady(server, urls[at]!)));
      expect(servers.every((server) => server.alive())).toBe(true);
      // One demo administrator and one demo space, not one each.
      expect((await query(`select email from ${schema}.users`)).rows).toEqual([{ email: 'admin@resim.local' }]);
      expect((await query(`select count(*)::int as n from ${schema}.spaces`)).rows[0]).toEqual({ n: 1 });
      // The one that seeded says the demo sign-in.
      expect(servers.filter((server) => server.output().includes('admin@resim.local / ')).length).toBe(1);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await drop();
    }
  });

  describe('while learners play', () => {
    let schemaOf: Awaited<ReturnType<typeof withSchema>>;
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let server: ServerProcess;
    let direct: DatabaseHandle;
    let url: string;
    const appName = `resim_ops_${randomSecret(4)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;

    beforeAll(async () => {
      schemaOf = await withSchema();
      const target = new URL(databaseUrl!);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const throughProxy = new URL(databaseUrl!);
      throughProxy.host = `127.0.0.1:${proxy.port}`;
      throughProxy.searchParams.set('application_name', appName);
      url = `http://127.0.0.1:${await freePort()}`;
      server = spawnServer({
        DATABASE_URL: throughProxy.toString(),
        DATABASE_SCHEMA: schemaOf.schema,
        DATA_DIR: dataDir(),
        PORT: new URL(url).port,
        PUBLIC_URL: url,
      });
      await waitReady(server, url);
      direct = createDatabase({ url: databaseUrl, dataDir: dataDir(), schema: schemaOf.schema });
    }, 90_000);

    afterAll(async () => {
      await server?.stop();
      await proxy?.close();
      if (direct) await closeDatabase(direct.db);
      await schemaOf?.drop();
    });

    it(
      'outlives its connections terminated and a 10 s cut, says so on /readyz, and stores every step it acknowledged, whole',
      { timeout: 120_000 },
      async () => {
        const author = await createUser({ db: direct.db, clock: systemClock, email: 'ops@example.test', password: 'Test-password-1' });
        const { token } = await createToken({ db: direct.db, clock: systemClock, userId: author.id, name: 'ops' });
        const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
          const response = await fetch(`${url}${route}`, {
            method,
            headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
          return (await response.json()) as T;
        };
        const space = await api<{ id: string }>('POST', '/admin/space', { description: 'Ward' });
        const created = await api<{ id: string; revision: number }>('POST', '/admin/resim/new', { groupId: space.id });
        await api('PATCH', `/admin/resim/${created.id}`, scenarioBody(created.revision));
        const { code } = await api<{ code: string }>('POST', `/admin/control/${created.id}/2`);

        const learners = await Promise.all(
          ['Ana', 'Ben', 'Cy', 'Dee'].map(async (nickname) => {
            // Anonymously, as a phone joins: no author's token.
            const joined = (await (
              await fetch(`${url}/learn/join/${code}`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ nickname }),
              })
            ).json()) as { gameId: string; runToken: string };
            const socket = await openLearner(
              `${url.replace('http', 'ws')}/learn/socket?game=${encodeURIComponent(joined.gameId)}&token=${encodeURIComponent(joined.runToken)}`,
            );
            await socket.until(() => true, 'first snapshot');
            let closedWith: number | undefined;
            socket.socket.on('close', (closeCode: number) => (closedWith = closeCode));
            return { gameId: joined.gameId, socket, acked: [] as string[], refusals: new Map<string, number>(), closed: () => closedWith };
          }),
        );

        // Each learner steps through the actions one after another, trying again what was refused.
        let playing = true;
        const play = learners.map(async (learner) => {
          let next = 1;
          while (playing && next <= actionCount) {
            const actionId = `act${next}`;
            const result = (await learner.socket.step({ type: 'runAction', actionId }).catch(() => null)) as {
              ok: boolean;
              error?: { code: string };
            } | null;
            if (result?.ok) {
              learner.acked.push(actionId);
              next += 1;
            } else {
              const why = result?.error?.code ?? 'no answer';
              learner.refusals.set(why, (learner.refusals.get(why) ?? 0) + 1);
              // Taken before the failure was known: stored, not acknowledged.
              if (why === 'conflict') next += 1;
              else await sleep(100);
            }
            await sleep(50);
          }
        });
        const ready = async () => (await fetch(`${url}/readyz`).catch(() => null))?.status ?? 0;

        await sleep(1000);
        const terminated = await schemaOf.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
          appName,
        ]);
        expect(terminated.rowCount).toBeGreaterThan(0);
        await sleep(1500);
        expect(server.alive(), server.output()).toBe(true);
        const ackedBeforeCut = learners.reduce((sum, learner) => sum + learner.acked.length, 0);

        proxy.cut();
        const during: number[] = [];
        const cutUntil = Date.now() + 10_000;
        while (Date.now() < cutUntil) {
          during.push(await ready());
          await sleep(250);
        }
        expect(server.alive(), server.output()).toBe(true);
        expect(during.filter((status) => status === 503).length).toBeGreaterThan(during.length / 2);
        expect(during).not.toContain(200);
        const ackedDuringCut = learners.reduce((sum, learner) => sum + learner.acked.length, 0) - ackedBeforeCut;

        proxy.restore();
        const restored = Date.now();
        while ((await ready()) !== 200) {
          expect(Date.now() - restored).toBeLessThan(20_000);
          await sleep(100);
        }
        const ackedAtRestore = learners.reduce((sum, learner) => sum + learner.acked.length, 0);
        await sleep(3000);
        playing = false;
        await Promise.all(play);

        expect(server.alive(), server.output()).toBe(true);
        // Learners kept their sockets throughout, were told to try again while the database was away, and went on after.
        for (const learner of learners) expect(learner.closed()).toBeUndefined();
        expect(learners.some((learner) => (learner.refusals.get('unavailable') ?? 0) > 0)).toBe(true);
        expect(ackedDuringCut).toBe(0);
        expect(learners.reduce((sum, learner) => sum + learner.acked.length, 0)).toBeGreaterThan(ackedAtRestore);

        for (const learner of learners) {
          const events = await direct.db
            .selectFrom('run_events')
            .select(['seq', 'payload'])
            .where('game_id', '=', learner.gameId)
            .orderBy('seq')
            .execute();
          const stored = events.map((event) => (JSON.parse(event.payload) as { actionId: string }).actionId);
          for (const actionId of learner.acked) expect(stored).toContain(actionId);
          // Whole: the run's count, its state and its audit trail agree.
          const game = await direct.db
            .selectFrom('games')
            .select(['event_count', 'state'])
            .where('id', '=', learner.gameId)
            .executeTakeFirstOrThrow();
          expect(events.map((event) => event.seq)).toEqual(events.map((_, at) => at + 1));
          expect(game.event_count).toBe(events.length);
          expect((JSON.parse(game.state!) as { ran: string[] }).ran).toEqual(stored);
          learner.socket.close();
        }
      },
    );
  });
});
