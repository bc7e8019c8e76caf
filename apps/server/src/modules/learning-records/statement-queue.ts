import crypto from 'node:crypto';
import { endStatements, stepStatements, type StatementSetting, type XapiStatement } from '@resim/domain/xapi';
import type { RunEvent, RunState, Scenario } from '@resim/domain';
import type { Database } from '../../db/database';
import type { GameRow, NewXapiStatementRow } from '../../db/schema';
import { iso, type Clock } from '../../lib/clock';
import { isPreviewInstance } from '../runs/phase';
import * as repo from './learning-records.repository';

/** How long a process trusts what it read of a space's LRS: a change made through another process reaches it this late. */
const settingsTtlMs = 5_000;

type SpaceReading = { readonly sends: boolean; readonly spaceName: string; readonly readAt: number };

export type StatementQueue = {
  /** The statements a stored event adds to its run's record, as rows to store with it; none when the space sends none. */
  readonly forStep: (
    scenario: Scenario,
    game: GameRow,
    step: { readonly before: RunState; readonly after: RunState; readonly event: RunEvent; readonly seq: number },
  ) => Promise<NewXapiStatementRow[]>;
  /** The statements of a run's end that no event of its made (a time limit ended it), as rows. */
  readonly forEnd: (scenario: Scenario, game: GameRow, ended: RunState) => Promise<NewXapiStatementRow[]>;
  /** The space's LRS changed: read it again at its next step. */
  readonly forget: (spaceId: string) => void;
  /** Statements were stored: the sender looks for them now. */
  readonly kick: () => void;
};

/** The run's registration, a UUID of its own made from its id (xAPI names an attempt by a UUID). */
export const registrationOf = (runId: string): string => {
  const hex = crypto.createHash('sha256').update(`resim-run:${runId}`).digest('hex');
  // Version 5's and RFC 4122's variant bits, as a name-based UUID carries.
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export const createStatementQueue = (
  db: Database,
  options: { readonly publicUrl: string; readonly productName: string; readonly clock: Clock; readonly kick: () => void },
): StatementQueue => {
  const readings = new Map<string, Promise<SpaceReading>>();

  const readingOf = async (spaceId: string): Promise<SpaceReading> => {
    const now = options.clock.now().getTime();
    const kept = readings.get(spaceId);
    if (kept) {
      const reading = await kept;
      if (now - reading.readAt < settingsTtlMs) return reading;
    }
    const fresh = Promise.all([
      repo.findLrs(db, spaceId),
      db.selectFrom('spaces').select('description').where('id', '=', spaceId).executeTakeFirst(),
    ]).then(([lrs, space]) => ({ sends: lrs !== undefined, spaceName: space?.description ?? '', readAt: now }));
    readings.set(spaceId, fresh);
    fresh.catch(() => readings.delete(spaceId));
    return fresh;
  };

  /** Where the statements of a run go, or null when none are sent: Test Mode and previews stay out of learners' records. */
  const settingOf = async (scenario: Scenario, game: GameRow): Promise<StatementSetting | null> => {
    if (game.test || isPreviewInstance(game.instance_id)) return null;
    const reading = await readingOf(scenario.group);
    if (!reading.sends) return null;
    return {
      baseUrl: options.publicUrl,
      platform: options.productName,
      spaceId: scenario.group,
      spaceName: reading.spaceName,
      openingId: game.instance_id,
      registration: registrationOf(game.id),
      learner: { nickname: game.nickname, email: game.email, userId: game.user_id, runId: game.id },
    };
  };

  const rowsOf = (scenario: Scenario, game: GameRow, seq: number, statements: readonly XapiStatement[]): NewXapiStatementRow[] => {
    const created = iso(options.clock);
    return statements.map((statement) => ({
      id: crypto.randomUUID(),
      space_id: scenario.group,
      game_id: game.id,
      seq,
      verb: statement.verb.display['en-US'] ?? statement.verb.id,
      statement: JSON.stringify(statement),
      status: 'queued',
      attempts: 0,
      next_attempt_at: created,
      last_error: null,
      sent_at: null,
      claim_token: null,
      created_at: created,
    }));
  };

  return {
    forStep: async (scenario, game, { before, after, event, seq }) => {
      const setting = await settingOf(scenario, game);
      return setting ? rowsOf(scenario, game, seq, stepStatements(scenario, before, after, event, seq, setting)) : [];
    },
    forEnd: async (scenario, game, ended) => {
      const setting = await settingOf(scenario, game);
      return setting ? rowsOf(scenario, game, game.event_count, endStatements(scenario, ended, setting)) : [];
    },
    forget: (spaceId) => readings.delete(spaceId),
    kick: options.kick,
  };
};

const queues = new WeakMap<Database, StatementQueue>();

/** Sets the database's statement queue up (once the app knows its address and name). */
export const useStatementQueue = (db: Database, queue: StatementQueue): void => {
  queues.set(db, queue);
};

/** The database's statement queue; null where none was set up (a tool or test working on the database alone). */
export const statementQueueOf = (db: Database): StatementQueue | null => queues.get(db) ?? null;
