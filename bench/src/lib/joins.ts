/** Learners joining a session over HTTP, as the player does: `POST /learn/join/{code}` with a nickname, a bounded number at a time. */
import { fmt, ms } from './format';
import { forEachLimit, spread } from './stats';

/** A learner's run and the token that opens its socket. */
export type Joined = { gameId: string; runToken: string };

/** Joins `count` anonymous learners; each run must stand in `phase` ('lobby' before a Realtime session starts, 'open' after). */
export const joinLearners = async ({
  base,
  code,
  count,
  concurrency,
  phase,
}: {
  base: string;
  code: string;
  count: number;
  concurrency: number;
  phase: 'lobby' | 'open';
}) => {
  console.log(`Joining ${fmt(count)} learners (${concurrency} requests in flight)`);
  const joined = new Array<Joined>(count);
  const perJoin: number[] = [];
  let snapshotBytes = 0;
  const started = performance.now();
  await forEachLimit(count, concurrency, async (index) => {
    const sent = performance.now();
    const response = await fetch(`${base}/learn/join/${code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname: `learner ${index + 1}` }),
    });
    const text = await response.text();
    if (response.status !== 201) {
      // 503: the server holds as many learners as it may (LEARNER_CAPACITY).
      const retry = response.headers.get('retry-after');
      throw new Error(
        `POST /learn/join answered ${response.status}${retry ? ` (Retry-After ${retry})` : ''} to learner ${index + 1}: ${text.slice(0, 500)}`,
      );
    }
    const result = JSON.parse(text) as { gameId: string; runToken: string | null; snapshot: { phase: string } };
    if (!result.runToken || result.snapshot.phase !== phase)
      throw new Error(`join gave no run token or a run not in the ${phase}: ${text.slice(0, 300)}`);
    joined[index] = { gameId: result.gameId, runToken: result.runToken };
    perJoin.push(performance.now() - sent);
    if (index === 0) snapshotBytes = Buffer.byteLength(JSON.stringify(result.snapshot));
  });
  const seconds = (performance.now() - started) / 1000;
  const joins = { count, concurrency, seconds, perSecond: count / seconds, perJoin: spread(perJoin), snapshotBytes };
  console.log(
    `  joined in ${fmt(seconds, 1)} s (${fmt(joins.perSecond)}/s; p50 ${ms(joins.perJoin.p50)} ms, p99 ${ms(joins.perJoin.p99)} ms)`,
  );
  return { joined, joins };
};
export type Joins = Awaited<ReturnType<typeof joinLearners>>['joins'];
