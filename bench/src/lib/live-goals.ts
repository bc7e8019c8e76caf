/** The goals for live sessions, and each size's verdict on them. */
import { fmt, ms, times } from './format';
import type { Joins } from './joins';
import type { Steps } from './live-steps';

export const goals = {
  /** the product's server CPU per action, as a multiple of the bare echo server's at the same load */
  cpuRatio: 3,
  p99Ms: 50,
  /** 10,000 joins in under 20 s */
  joinsPerSecond: 10_000 / 20,
  /** a Start or Stop answered, and every learner told, within */
  answerMs: 1000,
  toldMs: 2000,
  /** GET /healthz answers within this throughout a Stop */
  healthMs: 50,
};

export const verdict = (met: boolean) => (met ? 'met' : 'not met');

/** The goals of the steps: CPU per action against the echo's, the rate achieved, the p99 round trip. */
export const stepVerdicts = (product: Steps, echo: Steps, rate: number): string[] => {
  const cpu = product.run.serverCpuPerAction;
  const floor = echo.run.serverCpuPerAction;
  const achieved = product.run.achievedRate;
  const p99 = product.run.latency.p99;
  return [
    `server CPU per action ${times(cpu, floor)} the echo's (≤ ${goals.cpuRatio}×: ` +
      `${cpu === undefined || floor === undefined ? 'not measured' : verdict(cpu <= goals.cpuRatio * floor)})`,
    `${fmt(achieved)} of ${fmt(rate)} actions/s achieved (all offered: ${verdict(achieved >= 0.99 * rate)})`,
    `p99 round trip ${ms(p99)} ms (< ${goals.p99Ms} ms: ${verdict(p99 < goals.p99Ms)})`,
  ];
};

export const joinVerdict = (joins: Joins) =>
  `${fmt(joins.count)} joins in ${fmt(joins.seconds, 1)} s, ${fmt(joins.perSecond)}/s ` +
  `(10,000 in < 20 s, ≥ ${fmt(goals.joinsPerSecond)}/s: ${verdict(joins.perSecond >= goals.joinsPerSecond)})`;

export const joinDetails = (joins: Joins) =>
  `Joins over HTTP, ${joins.concurrency} in flight: p50 ${ms(joins.perJoin.p50)} ms, p99 ${ms(joins.perJoin.p99)} ms a join; ` +
  `the join's snapshot ${fmt(joins.snapshotBytes)} bytes.`;
