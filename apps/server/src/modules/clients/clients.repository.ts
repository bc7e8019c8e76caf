import type { Database } from '../../db/database';

export type ActiveRunRow = {
  id: string;
  resim_id: string;
  instance_id: string;
  user_id: string | null;
  nickname: string;
  email: string | null;
  test: number;
  state: string | null;
  event_count: number;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
  end_reason: string | null;
  updated_at: string;
  space_id: string;
  space_name: string;
  user_name: string | null;
  last_type: string | null;
  last_payload: string | null;
  last_at: string | null;
};

/**
 * The runs of scenarios in the given spaces changed since `since` (or whose ids are given: their
 * learners are connected now), most recently active first, each with its last step: the event
 * numbered as the run's count, read by the events' key.
 */
export const findActiveRuns = (
  db: Database,
  options: {
    spaceIds: readonly string[];
    resimId: string | undefined;
    since: string;
    connectedIds: readonly string[];
    limit: number;
  },
): Promise<ActiveRunRow[]> =>
  db
    .selectFrom('games')
    .innerJoin('resims', 'resims.id', 'games.resim_id')
    .innerJoin('spaces', 'spaces.id', 'resims.space_id')
    .leftJoin('users', 'users.id', 'games.user_id')
    .leftJoin('run_events', (join) => join.onRef('run_events.game_id', '=', 'games.id').onRef('run_events.seq', '=', 'games.event_count'))
    .select([
      'games.id',
      'games.resim_id',
      'games.instance_id',
      'games.user_id',
      'games.nickname',
      'games.email',
      'games.test',
      'games.state',
      'games.event_count',
      'games.created_at',
      'games.started_at',
      'games.ended_at',
      'games.end_reason',
      'games.updated_at',
      'resims.space_id',
      'spaces.description as space_name',
      'users.name as user_name',
      'run_events.type as last_type',
      'run_events.payload as last_payload',
      'run_events.at as last_at',
    ])
    .where('resims.space_id', 'in', [...options.spaceIds])
    .$if(options.resimId !== undefined, (query) => query.where('games.resim_id', '=', options.resimId!))
    .where((eb) =>
      eb.or([
        eb('games.updated_at', '>=', options.since),
        ...(options.connectedIds.length > 0 ? [eb('games.id', 'in', [...options.connectedIds])] : []),
      ]),
    )
    .orderBy('games.updated_at', 'desc')
    .orderBy('games.id')
    .limit(options.limit)
    .execute();
