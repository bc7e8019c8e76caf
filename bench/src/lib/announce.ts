/** A host's Start or Stop of a Realtime session, timed until every learner has heard it, with /healthz probed meanwhile. */
import { fmt, ms } from './format';
import { startHealthProbe, type Health } from './health-probe';
import { now } from './learner-sockets';
import type { OffThreadCall } from './off-thread-call';
import type { Milestone, SessionTracker } from './session-tracker';
import type { Spread } from './stats';

/** A Start or a Stop: its answer, ms, how long after it was sent the learners reached each milestone, and /healthz meanwhile. */
export type Announced = { answeredMs: number; told: Partial<Record<Milestone, Spread>>; health: Health };

/** Sends a Start or a Stop and waits until every learner has reached each milestone, probing `healthUrl` all the while. */
export const announce = async (
  healthUrl: string,
  tracker: SessionTracker,
  prepare: () => Promise<OffThreadCall>,
  milestones: readonly Milestone[],
  timeoutMs: (milestone: Milestone) => number,
): Promise<Announced> => {
  const call = await prepare();
  const probe = await startHealthProbe(healthUrl);
  try {
    const sentAt = now();
    const answeredMs = (await call.send()).ms;
    for (const milestone of milestones) await tracker.until(milestone, timeoutMs(milestone));
    const told = Object.fromEntries(milestones.map((milestone) => [milestone, tracker.since(milestone, sentAt)]));
    return { answeredMs, told, health: await probe.stop() };
  } finally {
    await probe.stop();
  }
};

export const healthText = (health: Health) =>
  health.count === 0 ? 'no probe in the window' : `p99 ${ms(health.p99)} ms, max ${ms(health.max)} ms (${fmt(health.count)} probes)`;
