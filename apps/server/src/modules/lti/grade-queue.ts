import { platformResult, pointsCeiling, runScore, type PlatformResult, type RunState, type Scenario } from '@resim/domain';
import type { Database } from '../../db/database';
import type { GameRow, NewLtiScoreRow } from '../../db/schema';
import { iso, type Clock } from '../../lib/clock';
import * as repo from './lti.repository';

/** A score as LTI Assignment and Grade Services 2.0 takes it at `{lineitem}/scores`. */
export type AgsScore = {
  readonly userId: string;
  readonly scoreGiven?: number;
  readonly scoreMaximum?: number;
  readonly comment: string;
  readonly timestamp: string;
  readonly activityProgress: 'Completed';
  readonly gradingProgress: 'FullyGraded';
};

const endedBy: Record<string, string> = {
  learner: 'the learner ended it',
  terminated: 'a limit ended it',
  stopped: 'the presenter stopped the session',
};

/**
 * The gradebook's score of an ended run: the points out of the scenario's ceiling; without points,
 * 1 or 0 by the answer key's verdict; without either, only that the run is complete.
 */
export const agsScore = (
  result: PlatformResult,
  run: { userId: string; endedAt: string; endReason: string | null; scenario: string },
): AgsScore => {
  const graded =
    result.points !== null && result.maximum !== null && result.maximum > 0
      ? { scoreGiven: Math.min(result.maximum, Math.max(0, result.points)), scoreMaximum: result.maximum }
      : result.passed !== null
        ? { scoreGiven: result.passed ? 1 : 0, scoreMaximum: 1 }
        : {};
  const parts = [
    result.points !== null && result.maximum !== null ? `${result.points} of ${result.maximum} points` : null,
    result.passed === null ? null : result.passed ? 'the diagnosis was right' : 'the diagnosis was not right',
    run.endReason ? (endedBy[run.endReason] ?? null) : null,
  ].filter((part): part is string => part !== null);
  return {
    userId: run.userId,
    ...graded,
    comment: `${run.scenario}: ${parts.length > 0 ? parts.join('; ') : 'completed'}`,
    timestamp: run.endedAt,
    activityProgress: 'Completed',
    gradingProgress: 'FullyGraded',
  };
};

export type GradeQueue = {
  /** The score row of a run that ends now, when a platform launched it with a gradebook column; null otherwise. */
  readonly forEnd: (scenario: Scenario, game: GameRow, ended: RunState) => Promise<NewLtiScoreRow | null>;
  /** Scores were stored: the sender looks for them now. */
  readonly kick: () => void;
};

/** How long a process trusts what it read of a space's platforms: one registered through another process reaches it this late. */
const platformsTtlMs = 5_000;

export const createGradeQueue = (db: Database, options: { readonly clock: Clock; readonly kick: () => void }): GradeQueue => {
  const readings = new Map<string, Promise<{ readonly launches: boolean; readonly readAt: number }>>();

  /** Whether any platform launches into the space: a Stop ending a large opening elsewhere reads no run's link. */
  const launchesInto = async (spaceId: string): Promise<boolean> => {
    const now = options.clock.now().getTime();
    const kept = readings.get(spaceId);
    if (kept) {
      const reading = await kept;
      if (now - reading.readAt < platformsTtlMs) return reading.launches;
    }
    const fresh = repo.hasPlatforms(db, spaceId).then((launches) => ({ launches, readAt: now }));
    readings.set(spaceId, fresh);
    fresh.catch(() => readings.delete(spaceId));
    return (await fresh).launches;
  };

  return {
    forEnd: async (scenario, game, ended) => {
      if (!ended.ended || !(await launchesInto(scenario.group))) return null;
      const link = await repo.findRunLink(db, game.id);
      if (!link?.lineitem) return null;
      const endedAt = new Date(ended.ended.at).toISOString();
      const result = platformResult(runScore(scenario, ended, ended.ended.at), pointsCeiling(scenario));
      const score = agsScore(result, { userId: link.user_id, endedAt, endReason: ended.ended.reason, scenario: scenario.resimName });
      const created = iso(options.clock);
      return {
        game_id: game.id,
        space_id: scenario.group,
        platform_id: link.platform_id,
        lineitem: link.lineitem,
        score: JSON.stringify(score),
        status: 'queued',
        attempts: 0,
        next_attempt_at: created,
        last_error: null,
        sent_at: null,
        claim_token: null,
        created_at: created,
      };
    },
    kick: options.kick,
  };
};

const queues = new WeakMap<Database, GradeQueue>();

/** Sets the database's grade queue up (once the app has its sender). */
export const useGradeQueue = (db: Database, queue: GradeQueue): void => {
  queues.set(db, queue);
};

/** The database's grade queue; null where none was set up (a tool or test working on the database alone). */
export const gradeQueueOf = (db: Database): GradeQueue | null => queues.get(db) ?? null;
