import { afterAll, describe, expect, it } from 'vitest';
import type { GameSnapshot } from '@resim/contracts';
import { authorApi, createSchema, joinAnonymously, openScenario, sleep, tempFolders, testDatabaseUrl } from './deployment-fixtures';
import { startBalancer } from './nginx-balancer';
import { freePort } from './oidc-client';
import { spawnServer, waitReady, type ServerProcess } from './server-process';
import { openLearner } from './test-socket';

const actionCount = 300;

type Learner = Awaited<ReturnType<typeof openLearner>>;

describe.runIf(testDatabaseUrl)('three processes behind nginx', () => {
  const folders = tempFolders('resim-cluster-');
  afterAll(() => folders.removeAll());

  it(
    'runs one Realtime session across them, and when one is killed its learners go on within 3 s and lose nothing',
    { timeout: 180_000 },
    async () => {
      const shared = await createSchema('cluster');
      const servers: ServerProcess[] = [];
      let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
      try {
        const ports = await Promise.all([1, 2, 3].map(() => freePort()));
        for (const port of ports) {
          servers.push(
            spawnServer({
              DATABASE_URL: testDatabaseUrl!,
              DATABASE_SCHEMA: shared.schema,
              DATA_DIR: folders.make(),
              PORT: String(port),
              PUBLIC_URL: 'http://resim.test',
              TRUST_PROXY: 'true',
            }),
          );
        }
        await Promise.all(servers.map((server, at) => waitReady(server, `http://127.0.0.1:${ports[at]}`)));
        balancer = await startBalancer(ports);
        const base = balancer.url;
        const api = await authorApi(shared.db, base, 'host@example.test');
        const { resimId, code } = await openScenario(api, { name: 'Grand round', mode: 1, actionCount, status: 1 });

        // Learners join and open their sockets through the balancer, which spreads them over the processes.
        const learners = await Promise.all(
          Array.from({ length: 12 }, async (_, at) => {
            const joined = await joinAnonymously(base, code, `L${at}`);
            const socketUrl = joined.socketUrl(base);
            const state = { ...joined, socketUrl, socket: null as Learner | null, acked: 0, reconnectMs: [] as number[], closes: 0 };
            const connect = async (): Promise<void> => {
              const socket = await openLearner(socketUrl);
              await socket.until(() => true, 'snapshot');
              state.socket = socket;
              socket.socket.once('close', () => {
                state.closes += 1;
                state.socket = null;
                const closedAt = Date.now();
                // As the player does after a drop: again until a process takes it.
                void (async () => {
                  for (;;) {
                    try {
                      await connect();
                      state.reconnectMs.push(Date.now() - closedAt);
                      return;
                    } catch {
                      await sleep(100);
                    }
                  }
                })();
              });
            };
            await connect();
            return state;
          }),
        );
        const lobbyServers = await shared.query<{ n: number }>(
          `select count(distinct server_id)::int as n from ${shared.schema}.run_connections`,
        );
        expect(lobbyServers.rows[0]?.n).toBe(3);

        await api('POST', `/admin/control/${resimId}/2`);
        for (const learner of learners)
          await learner.socket!.until((snapshot) => snapshot.phase === 'open' && snapshot.view !== null, 'the Start');

        let playing = true;
        const play = learners.map(async (learner) => {
          while (playing) {
            const socket = learner.socket;
            if (!socket) {
              await sleep(20);
              continue;
            }
            // A step whose socket closes is not waited for, as the player does not wait for it.
            const closed = new Promise<null>((resolve) => socket.socket.once('close', () => resolve(null)));
            const step = socket.step({ type: 'runAction', actionId: `act${learner.acked + 1}` }).catch(() => null);
            const result = (await Promise.race([step, closed])) as {
              ok: boolean;
              error?: { code: string };
            } | null;
            if (result?.ok) learner.acked += 1;
            else if (result && !result.ok && result.error?.code === 'conflict') {
              // Taken by a process that died before it answered: stored, and the run has moved on.
              const snapshot: GameSnapshot | undefined = learner.socket?.snapshot();
              if (snapshot && snapshot.eventCount > learner.acked) learner.acked = snapshot.eventCount;
            }
            await sleep(30);
          }
        });
        await sleep(1500);
        const killed = servers[0]!;
        killed.child.kill('SIGKILL');
        await killed.exited;
        const killedAt = Date.now();
        const ackedAtKill = learners.map((learner) => learner.acked);
        await sleep(4000);
        playing = false;
        await Promise.all(play);

        const dropped = learners.filter((learner) => learner.closes > 0);
        expect(dropped.length).toBeGreaterThan(0);
        for (const learner of dropped) {
          expect(learner.reconnectMs.length).toBe(learner.closes);
          expect(Math.max(...learner.reconnectMs)).toBeLessThan(3000);
        }
        // Steps went on after the kill on every learner's run, those dropped included.
        learners.forEach((learner, at) => expect(learner.acked).toBeGreaterThan(ackedAtKill[at]!));
        const ackedAfterKill = Object.fromEntries(learners.map((learner) => [learner.gameId, learner.acked]));
        expect(Date.now() - killedAt).toBeGreaterThan(3000);

        // The host stops the session through the balancer: every learner, on either process left, is told.
        await api('POST', `/admin/control/${resimId}/3`);
        for (const learner of learners)
          await learner.socket!.until((snapshot) => snapshot.phase === 'closed' && snapshot.endReason !== null, 'the Stop', 10_000);

        for (const learner of learners) {
          const events = await shared.db
            .selectFrom('run_events')
            .select(['seq', 'type', 'payload'])
            .where('game_id', '=', learner.gameId)
            .orderBy('seq')
            .execute();
          const actions = events
            .filter((event) => event.type === 'runAction')
            .map((event) => (JSON.parse(event.payload) as { actionId: string }).actionId);
          // Every step answered is stored, in order, once.
          expect(actions.slice(0, ackedAfterKill[learner.gameId])).toEqual(
            Array.from({ length: ackedAfterKill[learner.gameId]! }, (_, at) => `act${at + 1}`),
          );
          expect(actions.length - ackedAfterKill[learner.gameId]!).toBeLessThanOrEqual(1);
          expect(learner.acked).toBeGreaterThan(0);
          learner.socket?.close();
        }
        expect(servers[1]!.alive() && servers[2]!.alive()).toBe(true);
      } finally {
        await balancer?.close();
        await Promise.all(servers.map((server) => server.stop()));
        await shared.drop();
      }
    },
  );
});
