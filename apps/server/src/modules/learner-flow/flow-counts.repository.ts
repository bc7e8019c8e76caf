import { flowStepOf, runCounts, sumFlowCounts, type FlowCount, type FlowStep } from '@resim/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { GameRow } from '../../db/schema';
import { readJson } from '../../lib/json';

/**
 * The learners' flow kept as counts (table flow_counts), added to in the transaction that stores
 * each step, so that the flow view never re-reads the audit trail.
 */

type CountedRun = Pick<GameRow, 'id' | 'resim_id' | 'instance_id'>;

const stepTypes = ['runAction', 'confirmConclusions'];

type StepEvent = Parameters<typeof flowStepOf>[0];

// The stored payload is the event without its type and time.
const eventOfRow = (row: { type: string; payload: string }): StepEvent =>
  ({ ...readJson<object>(row.payload, {}), type: row.type }) as StepEvent;

/** Adds (or, with -1, takes back) counts of one run's opening, row by row in key order. */
const add = async (trx: Database, run: CountedRun, counts: readonly FlowCount[], sign: 1 | -1) => {
  const rows = sumFlowCounts(counts).map((count) => ({
    resim_id: run.resim_id,
    instance_id: run.instance_id,
    kind: count.kind,
    source: count.source,
    target: count.target,
    count: sign * count.count,
  }));
  if (rows.length === 0) return;
  await trx
    .insertInto('flow_counts')
    .values(rows)
    .onConflict((conflict) =>
      conflict
        .columns(['resim_id', 'instance_id', 'kind', 'source', 'target'])
        .doUpdateSet({ count: sql<number>`flow_counts.count + excluded.count` }),
    )
    .execute();
};

/** A run's steps in the audit trail, in the order given. */
const stepsOf = (trx: Database, gameId: string, order: 'asc' | 'desc') =>
  trx
    .selectFrom('run_events')
    .select(['type', 'payload'])
    .where('game_id', '=', gameId)
    .where('type', 'in', stepTypes)
    .orderBy('seq', order);

/** A run's last step in the audit trail (a test run, or diagnoses confirmed), or null before its first. */
export const lastStep = async (db: Database, gameId: string): Promise<FlowStep | null> => {
  const previous = await stepsOf(db, gameId, 'desc').limit(1).executeTakeFirst();
  return previous ? flowStepOf(eventOfRow(previous)) : null;
};

/** Takes a whole run out of the counts (the host removed its learner). */
export const withdrawRun = async (trx: Database, run: CountedRun): Promise<void> => {
  const events = await stepsOf(trx, run.id, 'asc').execute();
  await add(trx, run, runCounts(events.map(eventOfRow)), -1);
};
