import type { FlowCount } from '@resim/domain';
import { CompiledQuery } from 'kysely';
import type SQLite from 'better-sqlite3';
import { onClose, sqliteFileOf, type Database } from '../../db/database';
import { logSyncOf } from '../../db/log-sync';
import type { GameRow, NewLtiScoreRow, NewXapiStatementRow, RunEventRow } from '../../db/schema';
import { yieldToLoop } from '../../lib/slices';

/** The columns of a run that a step decides. */
export type StepChanges = Pick<GameRow, 'state' | 'ended_at' | 'end_reason' | 'score' | 'points' | 'started_at' | 'updated_at'>;

/** One step of one run, to be stored with its audit-trail event and what it adds to the learners' flow. */
export type StepWrite = {
  readonly game: Pick<GameRow, 'id' | 'resim_id' | 'instance_id' | 'event_count'>;
  readonly changes: StepChanges;
  readonly event: RunEventRow;
  /** summed per kind, source and target */
  readonly counts: readonly FlowCount[];
  /** the xAPI statements it adds to the run's record, queued for the space's LRS with the step */
  readonly statements?: readonly NewXapiStatementRow[];
  /** the score of the run it ends, queued for the gradebook of the platform that launched it (one per run) */
  readonly grade?: NewLtiScoreRow;
};

/**
 * Steps stored in one transaction: true for each stored, false for one whose run moved on
 * meanwhile (nothing of it stored); and when the commit is durable, which may be later.
 */
type Commit = (steps: readonly StepWrite[]) => Promise<{ readonly stored: boolean[]; readonly durable: Promise<void> }>;

// Large enough that a busy session commits a few times per event-loop turn, small enough that
// one commit holds SQLite for a few milliseconds at most: a Stop's ended runs (their states and
// scores) took 25–45 ms to write to the log 128 to a commit, and at 48 a commit with a slice of
// the Stop's other work still kept /healthz waiting up to 50–64 ms at 10,000 learners.
const maxBatch = 24;
/**
 * How long the first step of a batch waits for others. One step per transaction costs SQLite
 * about three times the work per step of sixteen (pages written to the log once per commit);
 * steps of a busy session come a few milliseconds apart, each in its own turn of the event loop.
 */
export const gatherMs = 8;

const sqliteCommit = (db: Database, file: SQLite.Database, syncLog: (() => Promise<void>) | null): Commit => {
  let statements: ((steps: readonly StepWrite[]) => boolean[]) | null = null;
  /** the connection's own setting, which every other write keeps, when it is not NORMAL already */
  let syncSettings: { readonly normal: SQLite.Statement; readonly own: SQLite.Statement } | null = null;
  // Prepared on first use: the tables exist by then (migrations run before the app is built).
  const prepare = () => {
    const synchronous = file.pragma('synchronous', { simple: true }) as number;
    syncSettings =
      synchronous === 1
        ? null
        : { normal: file.prepare('pragma synchronous = NORMAL'), own: file.prepare(`pragma synchronous = ${synchronous}`) };
    // A run that another step, a Stop or a removal changed since it was read is left as it is.
    const update = file.prepare(
      `update games set state = ?, ended_at = ?, end_reason = ?, score = ?, points = ?, started_at = ?, updated_at = ?,
         event_count = event_count + 1
       where id = ? and event_count = ? and ended_at is null`,
    );
    const insertEvent = file.prepare('insert into run_events (game_id, seq, type, payload, at) values (?, ?, ?, ?, ?)');
    const addCount = file.prepare(
      `insert into flow_counts (resim_id, instance_id, kind, source, target, count) values (?, ?, ?, ?, ?, ?)
       on conflict (resim_id, instance_id, kind, source, target) do update set count = flow_counts.count + excluded.count`,
    );
    const insertStatement = file.prepare(
      `insert into xapi_statements (id, space_id, game_id, seq, verb, statement, status, attempts, next_attempt_at, created_at)
       values (?, ?, ?, ?, ?, ?, 'queued', 0, ?, ?)`,
    );
    const insertGrade = file.prepare(
      `insert into lti_scores (game_id, space_id, platform_id, lineitem, score, status, attempts, next_attempt_at, created_at)
       values (?, ?, ?, ?, ?, 'queued', 0, ?, ?) on conflict (game_id) do nothing`,
    );
    return file.transaction((steps: readonly StepWrite[]) => {
      const stored = steps.map(
        ({ game, changes: c }) =>
          update.run(c.state, c.ended_at, c.end_reason, c.score, c.points, c.started_at, c.updated_at, game.id, game.event_count)
            .changes === 1,
      );
      const kept = steps.filter((_, at) => stored[at]);
      // Steps of one session often count the same tests: each count row is written once per batch.
      for (const row of summedCounts(kept)) addCount.run(row.resim_id, row.instance_id, row.kind, row.source, row.target, row.count);
      for (const { event } of kept) insertEvent.run(event.game_id, event.seq, event.type, event.payload, event.at);
      for (const { statements } of kept)
        for (const row of statements ?? [])
          insertStatement.run(row.id, row.space_id, row.game_id, row.seq, row.verb, row.statement, row.next_attempt_at, row.created_at);
      for (const { grade } of kept)
        if (grade)
          insertGrade.run(
            grade.game_id,
            grade.space_id,
            grade.platform_id,
            grade.lineitem,
            grade.score,
            grade.next_attempt_at,
            grade.created_at,
          );
      return stored;
    });
  };
  // Holding the builder's connection keeps its transactions (a removal, a join) from interleaving with this one.
  return async (steps) => {
    const stored = await db.connection().execute(() => {
      statements ??= prepare();
      // The commit only writes its log; the log is made durable off the event loop before any of
      // its steps is answered.
      if (!syncLog || !syncSettings) return Promise.resolve(statements(steps));
      syncSettings.normal.run();
      try {
        return Promise.resolve(statements(steps));
      } finally {
        syncSettings.own.run();
      }
    });
    return { stored, durable: syncLog ? syncLog() : Promise.resolve() };
  };
};

const postgresCommit = (db: Database): Commit => {
  const updateGames = `
    update games as g set state = v.state, ended_at = v.ended_at, end_reason = v.end_reason, score = v.score, points = v.points,
      started_at = v.started_at, updated_at = v.updated_at, event_count = g.event_count + 1
    from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::text[], $9::text[])
      as v(id, expected, state, ended_at, end_reason, score, points, started_at, updated_at)
    where g.id = v.id and g.event_count = v.expected and g.ended_at is null
    returning g.id`;
  const insertEvents = `
    insert into run_events (game_id, seq, type, payload, at)
    select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[])`;
  const addCounts = `
    insert into flow_counts (resim_id, instance_id, kind, source, target, count)
    select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[])
    on conflict (resim_id, instance_id, kind, source, target) do update set count = flow_counts.count + excluded.count`;
  const insertStatements = `
    insert into xapi_statements (id, space_id, game_id, seq, verb, statement, status, attempts, next_attempt_at, created_at)
    select v.id, v.space_id, v.game_id, v.seq, v.verb, v.statement, 'queued', 0, v.next_attempt_at, v.created_at
    from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[])
      as v(id, space_id, game_id, seq, verb, statement, next_attempt_at, created_at)`;
  const insertGrades = `
    insert into lti_scores (game_id, space_id, platform_id, lineitem, score, status, attempts, next_attempt_at, created_at)
    select v.game_id, v.space_id, v.platform_id, v.lineitem, v.score, 'queued', 0, v.next_attempt_at, v.created_at
    from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
      as v(game_id, space_id, platform_id, lineitem, score, next_attempt_at, created_at)
    on conflict (game_id) do nothing`;
  const column = <T>(steps: readonly StepWrite[], pick: (step: StepWrite) => T): T[] => steps.map(pick);

  const once = (steps: readonly StepWrite[]): Promise<boolean[]> =>
    db.transaction().execute(async (trx) => {
      const { rows } = await trx.executeQuery<{ id: string }>(
        CompiledQuery.raw(updateGames, [
          column(steps, (s) => s.game.id),
          column(steps, (s) => s.game.event_count),
          column(steps, (s) => s.changes.state),
          column(steps, (s) => s.changes.ended_at),
          column(steps, (s) => s.changes.end_reason),
          column(steps, (s) => s.changes.score),
          column(steps, (s) => s.changes.points),
          column(steps, (s) => s.changes.started_at),
          column(steps, (s) => s.changes.updated_at),
        ]),
      );
      const storedIds = new Set(rows.map((row) => row.id));
      const stored = steps.filter((step) => storedIds.has(step.game.id));
      if (stored.length === 0) return steps.map(() => false);
      await trx.executeQuery(
        CompiledQuery.raw(insertEvents, [
          column(stored, (s) => s.event.game_id),
          column(stored, (s) => s.event.seq),
          column(stored, (s) => s.event.type),
          column(stored, (s) => s.event.payload),
          column(stored, (s) => s.event.at),
        ]),
      );
      const counts = summedCounts(stored);
      if (counts.length > 0)
        await trx.executeQuery(
          CompiledQuery.raw(addCounts, [
            counts.map((row) => row.resim_id),
            counts.map((row) => row.instance_id),
            counts.map((row) => row.kind),
            counts.map((row) => row.source),
            counts.map((row) => row.target),
            counts.map((row) => row.count),
          ]),
        );
      const statements = stored.flatMap((step) => step.statements ?? []);
      if (statements.length > 0)
        await trx.executeQuery(
          CompiledQuery.raw(insertStatements, [
            statements.map((row) => row.id),
            statements.map((row) => row.space_id),
            statements.map((row) => row.game_id),
            statements.map((row) => row.seq),
            statements.map((row) => row.verb),
            statements.map((row) => row.statement),
            statements.map((row) => row.next_attempt_at),
            statements.map((row) => row.created_at),
          ]),
        );
      const grades = stored.flatMap((step) => (step.grade ? [step.grade] : []));
      if (grades.length > 0)
        await trx.executeQuery(
          CompiledQuery.raw(insertGrades, [
            grades.map((row) => row.game_id),
            grades.map((row) => row.space_id),
            grades.map((row) => row.platform_id),
            grades.map((row) => row.lineitem),
            grades.map((row) => row.score),
            grades.map((row) => row.next_attempt_at),
            grades.map((row) => row.created_at),
          ]),
        );
      return steps.map((step) => storedIds.has(step.game.id));
    });
  // Two processes' commits may lock the same runs or counts in another order; PostgreSQL then
  // undoes one of them, which is tried again as a whole.
  return async (steps) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return { stored: await once(steps), durable: Promise.resolve() };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw error;
      }
    }
  };
};

type CountRow = { resim_id: string; instance_id: string; kind: string; source: string; target: string; count: number };

/** The counts of several steps, one row per key and in key order: concurrent commits then take the rows' locks in the same order. */
const summedCounts = (steps: readonly StepWrite[]): CountRow[] => {
  const rows = new Map<string, CountRow>();
  for (const { game, counts } of steps) {
    for (const count of counts) {
      const key = `${game.resim_id}\u0000${game.instance_id}\u0000${count.kind}\u0000${count.source}\u0000${count.target}`;
      const row = rows.get(key);
      if (row) row.count += count.count;
      else rows.set(key, { resim_id: game.resim_id, instance_id: game.instance_id, ...count });
    }
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
};

type Waiting = { readonly step: StepWrite; readonly resolve: (stored: boolean) => void; readonly reject: (error: unknown) => void };

export type StepWriterOptions = {
  /** makes a SQLite file's committed log durable (by default its fsync, off the event loop) */
  readonly syncLog?: () => Promise<void>;
};

/**
 * Group commit (DESIGN 6): the steps of every learner that arrive while the event loop is busy
 * are stored together, in one transaction, once it is free; each step's promise settles only
 * after that transaction has committed and is durable, so a step is answered as stored only once
 * it is. The next transaction does not wait for the one before to be durable.
 */
export const createStepWriter = (db: Database, options: StepWriterOptions = {}) => {
  const file = sqliteFileOf(db);
  const logSync = file && !options.syncLog ? logSyncOf(file) : null;
  if (logSync) onClose(db, logSync.close);
  const commit = file ? sqliteCommit(db, file, options.syncLog ?? logSync?.sync ?? null) : postgresCommit(db);
  const queue: Waiting[] = [];
  let running: Promise<void> | null = null;
  /** commits stored and not yet durable: their steps are answered once they are */
  const syncing = new Set<Promise<void>>();

  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      try {
        const { stored, durable } = await commit(batch.map((waiting) => waiting.step));
        const answered = durable.then(
          () => batch.forEach((waiting, index) => waiting.resolve(stored[index] === true)),
          (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
        );
        syncing.add(answered);
        void answered.then(() => syncing.delete(answered));
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
      // SQLite commits on the event loop: between two commits of a busy moment (a Stop's runs and
      // the steps of other sessions), everything else waiting is served.
      if (queue.length > 0) await yieldToLoop();
    }
  };

  const start = () => {
    running ??= new Promise<void>((resolve) => setTimeout(resolve, gatherMs)).then(drain).finally(() => {
      running = null;
      if (queue.length > 0) start();
    });
  };

  return {
    /** Stores a step; false when its run moved on since it was read (then nothing is stored). */
    write: (step: StepWrite): Promise<boolean> =>
      new Promise<boolean>((resolve, reject) => {
        queue.push({ step, resolve, reject });
        start();
      }),
    /** Settles once every step handed in so far is stored (and durable) or refused. */
    settled: async (): Promise<void> => {
      while (running || syncing.size > 0) await Promise.all([running, ...syncing]);
    },
  };
};
export type StepWriter = ReturnType<typeof createStepWriter>;

const writers = new WeakMap<Database, StepWriter>();

/** The step writer of a database: one per database, so that every path's steps commit together. */
export const stepWriterOf = (db: Database): StepWriter => {
  let writer = writers.get(db);
  if (!writer) {
    writer = createStepWriter(db);
    writers.set(db, writer);
  }
  return writer;
};
