/**
 * The host's presenter messages as every learner's socket gets them: each message expected before it is sent, then
 * checked on arrival (known, whole, and once per learner), with the time it took to reach each learner.
 */
import type { PushMessage } from './learner-sockets';
import { spread } from './stats';

export type SentMessage = { readonly id: string; readonly title: string; readonly message: string };

type Expected = SentMessage & { sentAt: number; arrivedAt: Float64Array; arrived: number };

export const createMessageTracker = (count: number) => {
  const expected = new Map<string, Expected>();
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < 20) problems.push(text);
  };
  let waiter: (() => void) | undefined;
  const complete = () => [...expected.values()].every((entry) => entry.arrived === count);

  return {
    /** A message about to be sent at `sentAt` (ms on the sockets' clock): learners may get it before its request is answered. */
    expect: (message: SentMessage, sentAt: number) =>
      expected.set(message.id, { ...message, sentAt, arrivedAt: new Float64Array(count), arrived: 0 }),

    /** Give to the learners' sockets (`observe`): looks at presenter messages only. */
    observe: (learner: number, push: PushMessage, at: number) => {
      if (push.type !== 'message') return;
      const got = (push as { message?: Partial<SentMessage> }).message;
      const entry = got?.id === undefined ? undefined : expected.get(got.id);
      if (!entry) return problem(`learner ${learner} got a message not sent: ${JSON.stringify(got).slice(0, 200)}`);
      if (entry.arrivedAt[learner] !== 0) return problem(`learner ${learner} got message ${entry.id} again`);
      if (got?.title !== entry.title || got.message !== entry.message)
        return problem(`learner ${learner} got message ${entry.id} altered (${String(got?.message?.length)} characters)`);
      entry.arrivedAt[learner] = at;
      entry.arrived += 1;
      if (waiter && complete()) waiter();
    },

    /** Resolves once every learner has every message; fails after `timeoutMs`, saying how many are missing. */
    untilAll: (timeoutMs: number) =>
      new Promise<void>((resolve, reject) => {
        if (complete()) return resolve();
        const timer = setTimeout(() => {
          waiter = undefined;
          const missing = [...expected.values()].reduce((sum, entry) => sum + count - entry.arrived, 0);
          reject(new Error(`${missing} presenter messages had not reached their learner after ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiter = () => {
          clearTimeout(timer);
          waiter = undefined;
          resolve();
        };
      }),

    /** How many were sent; each learner's arrival after the send, ms; and each message's last arrival (all learners told). */
    report: () => {
      const entries = [...expected.values()];
      return {
        sent: entries.length,
        perLearner: spread(entries.flatMap((entry) => Array.from(entry.arrivedAt, (at) => at - entry.sentAt))),
        allTold: spread(entries.map((entry) => Math.max(...Array.from(entry.arrivedAt, (at) => at - entry.sentAt)))),
      };
    },

    problems: () => [...problems],
  };
};
export type MessageTracker = ReturnType<typeof createMessageTracker>;
