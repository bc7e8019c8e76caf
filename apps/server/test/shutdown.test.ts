import { afterAll, describe, expect, it } from 'vitest';
import { authorApi, createSchema, joinAnonymously, openScenario, sleep, tempFolders, testDatabaseUrl } from './deployment-fixtures';
import { freePort } from './oidc-client';
import { spawnServer, waitReady, type ServerProcess } from './server-process';
import { openLearner } from './test-socket';

describe.runIf(testDatabaseUrl)('stopping a server under load (SIGTERM)', () => {
  const folders = tempFolders('resim-stop-');
  afterAll(() => folders.removeAll());

  it(
    'drains: not ready at once, answers every request it took, closes sockets with 1012, and its learners go on elsewhere',
    { timeout: 120_000 },
    async () => {
      const shared = await createSchema('stop');
      const servers: ServerProcess[] = [];
      try {
        const urls = await Promise.all([1, 2].map(async () => `http://127.0.0.1:${await freePort()}`));
        for (const url of urls) {
          servers.push(
            spawnServer({
              DATABASE_URL: testDatabaseUrl!,
              DATABASE_SCHEMA: shared.schema,
              DATA_DIR: folders.make(),
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
        const api = await authorApi(shared.db, stoppingUrl, 'stop@example.test');
        const { code } = await openScenario(api, { name: 'Handover', mode: 2, actionCount: 200, status: 2 });

        const learners = await Promise.all(
          ['Ana', 'Ben', 'Cy'].map(async (nickname) => {
            const joined = await joinAnonymously(stoppingUrl, code, nickname);
            const socket = await openLearner(joined.socketUrl(stoppingUrl));
            await socket.until(() => true, 'first snapshot');
            const closedWith = new Promise<number>((resolve) => socket.socket.once('close', (closeCode: number) => resolve(closeCode)));
            return { ...joined, socket, closedWith, acked: 0 };
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
        await shared.drop();
      }
    },
  );
});
