import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomSecret } from '../src/lib/ids';
import { authorApi, createSchema, joinAnonymously, openScenario, sleep, tempFolders, testDatabaseUrl } from './deployment-fixtures';
import { freePort } from './oidc-client';
import { spawnServer, waitReady, type ServerProcess } from './server-process';
import { startTcpProxy } from './tcp-proxy';
import { openLearner } from './test-socket';

const actionCount = 60;

describe.runIf(testDatabaseUrl)('the server when PostgreSQL goes away', () => {
  const folders = tempFolders('resim-ops-');
  afterAll(() => folders.removeAll());

  it('starts three processes at once on an empty database, all of them', { timeout: 120_000 }, async () => {
    const { schema, query, drop } = await createSchema('ops');
    const servers: ServerProcess[] = [];
    try {
      const urls = await Promise.all([1, 2, 3].map(() => freePort().then((port) => `http://127.0.0.1:${port}`)));
      for (const url of urls) {
        servers.push(
          spawnServer({
            DATABASE_URL: testDatabaseUrl!,
            DATABASE_SCHEMA: schema,
            DATA_DIR: folders.make(),
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
      expect((await query<{ email: string }>(`select email from ${schema}.users`)).rows).toEqual([{ email: 'admin@resim.local' }]);
      expect((await query<{ n: number }>(`select count(*)::int as n from ${schema}.spaces`)).rows[0]).toEqual({ n: 1 });
      // The one that seeded says the demo sign-in.
      expect(servers.filter((server) => server.output().includes('admin@resim.local / ')).length).toBe(1);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await drop();
    }
  });

  describe('while learners play', () => {
    let schemaOf: Awaited<ReturnType<typeof createSchema>>;
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let server: ServerProcess;
    let url: string;
    const appName = `resim_ops_${randomSecret(4)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`;

    beforeAll(async () => {
      schemaOf = await createSchema('ops');
      const target = new URL(testDatabaseUrl!);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const throughProxy = new URL(testDatabaseUrl!);
      throughProxy.host = `127.0.0.1:${proxy.port}`;
      throughProxy.searchParams.set('application_name', appName);
      url = `http://127.0.0.1:${await freePort()}`;
      server = spawnServer({
        DATABASE_URL: throughProxy.toString(),
        DATABASE_SCHEMA: schemaOf.schema,
        DATA_DIR: folders.make(),
        PORT: new URL(url).port,
        PUBLIC_URL: url,
      });
      await waitReady(server, url);
    }, 90_000);

    afterAll(async () => {
      await server?.stop();
      await proxy?.close();
      await schemaOf?.drop();
    });

    it(
      'outlives its connections terminated and a 10 s cut, says so on /readyz, and stores every step it acknowledged, whole',
      { timeout: 120_000 },
      async () => {
        const api = await authorApi(schemaOf.db, url, 'ops@example.test');
        const { code } = await openScenario(api, { name: 'Night shift', mode: 2, actionCount, status: 2 });

        const learners = await Promise.all(
          ['Ana', 'Ben', 'Cy', 'Dee'].map(async (nickname) => {
            // Anonymously, as a phone joins: no author's token.
            const joined = await joinAnonymously(url, code, nickname);
            const socket = await openLearner(joined.socketUrl(url));
            await socket.until(() => true, 'first snapshot');
            let closedWith: number | undefined;
            socket.socket.on('close', (closeCode: number) => (closedWith = closeCode));
            return {
              gameId: joined.gameId,
              socket,
              acked: [] as string[],
              // When each acknowledged step was sent: one sent while the database was cut off cannot have been stored.
              ackedSentAt: [] as number[],
              refusals: new Map<string, number>(),
              closed: () => closedWith,
            };
          }),
        );

        // Each learner steps through the actions one after another, trying again what was refused.
        let playing = true;
        const play = learners.map(async (learner) => {
          let next = 1;
          while (playing && next <= actionCount) {
            const actionId = `act${next}`;
            const sentAt = Date.now();
            const result = (await learner.socket.step({ type: 'runAction', actionId }).catch(() => null)) as {
              ok: boolean;
              error?: { code: string };
            } | null;
            if (result?.ok) {
              learner.acked.push(actionId);
              learner.ackedSentAt.push(sentAt);
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

        // A step stored just before the cut may be answered just after it; one sent after the cut may not be answered until the database is back.
        const cutAt = Date.now();
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
        const restored = Date.now();
        const ackedDuringCut = learners.reduce(
          (sum, learner) => sum + learner.ackedSentAt.filter((sentAt) => sentAt > cutAt && sentAt < restored).length,
          0,
        );

        proxy.restore();
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
          const events = await schemaOf.db
            .selectFrom('run_events')
            .select(['seq', 'payload'])
            .where('game_id', '=', learner.gameId)
            .orderBy('seq')
            .execute();
          const stored = events.map((event) => (JSON.parse(event.payload) as { actionId: string }).actionId);
          for (const actionId of learner.acked) expect(stored).toContain(actionId);
          // Whole: the run's count, its state and its audit trail agree.
          const game = await schemaOf.db
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
