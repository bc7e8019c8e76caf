import { clientsLimit, recentWindowHours, type ActiveClient, type ClientsResponse } from '@resim/contracts';
import { runScore, type Scenario } from '@resim/domain';
import type { GameRow } from '../../db/schema';
import { readJson } from '../../lib/json';
import { getResim } from '../resims/resims.service';
import { removedReason, stateOf } from '../runs/game-records';
import { currentInstanceId, isPreviewInstance, phaseOf, phaseOfGame } from '../runs/phase';
import { loadRunnableScenario } from '../runs/scenario-cache';
import { findSpacesOfUser } from '../spaces/spaces.repository';
import type { SpaceContext } from '../spaces/spaces.service';
import { findActiveRuns, type ActiveRunRow } from './clients.repository';

/** Who is connected now, to any of the server's processes. */
export type Presence = { readonly connectedGameIds: () => Promise<readonly string[]> };

export type ClientsContext = SpaceContext & { readonly presence: Presence };

const windowMs = recentWindowHours * 3_600_000;

// The engine reads the run's stored columns; the repository's row carries them under the same names.
const asGame = (row: ActiveRunRow): GameRow => ({ ...row, nickname_key: null, run_token_hash: null, points: null, score: null });

const openingOf = (scenario: Scenario, row: ActiveRunRow): ActiveClient['opening'] => {
  const index = scenario.instances.findIndex((instance) => instance.id === row.instance_id);
  const test = row.test === 1 || isPreviewInstance(row.instance_id);
  const status = test ? phaseOfGame(scenario, row) : row.instance_id === currentInstanceId(scenario) ? phaseOf(scenario) : 'closed';
  return { id: row.instance_id, number: index < 0 ? null : index + 1, status };
};

/** The names of the tests or diagnoses a step concerned; an item deleted since keeps its id. */
const itemsOf = (scenario: Scenario, type: string, payload: string | null): string[] => {
  const detail = readJson<Record<string, unknown>>(payload, {});
  const named = (items: readonly { id: string; name: string }[], id: unknown) =>
    typeof id === 'string' ? [items.find((item) => item.id === id)?.name.trim() || id] : [];
  if (type === 'runAction') return named(scenario.actions, detail['actionId']);
  const ids = detail['conclusionIds'];
  if (type === 'confirmConclusions' && Array.isArray(ids)) return ids.flatMap((id) => named(scenario.conclusions, id));
  return [];
};

const toClient = (scenario: Scenario, row: ActiveRunRow, now: number, connected: ReadonlySet<string>): ActiveClient => {
  const game = asGame(row);
  const state = stateOf(scenario, game, now);
  return {
    gameId: row.id,
    learner: { nickname: row.nickname, name: row.user_name, email: row.email, anonymous: row.email === null },
    scenario: { id: scenario.id, name: scenario.resimName, spaceId: row.space_id, spaceName: row.space_name },
    opening: openingOf(scenario, row),
    test: row.test === 1,
    progress: {
      stages: { done: state?.unlocked.length ?? 0, total: scenario.stages.length },
      actions: { done: state?.ran.length ?? 0, total: scenario.actions.length },
      conclusions: { done: state?.confirmed.length ?? 0, total: Math.min(scenario.maxConclusions, scenario.conclusions.length) },
      points: state ? runScore(scenario, state, now).points : null,
    },
    lastStep:
      row.last_type && row.last_at
        ? { type: row.last_type, items: itemsOf(scenario, row.last_type, row.last_payload), at: row.last_at }
        : null,
    joined: row.created_at,
    startedAt: row.started_at,
    lastActive: row.updated_at,
    // A learner the host removed is out of the session, though their phone may still hold its socket.
    connected: connected.has(row.id) && row.end_reason !== removedReason,
    finished: row.ended_at !== null || Boolean(state?.ended),
    endReason: row.end_reason ?? state?.ended?.reason ?? null,
  };
};

/**
 * SPEC 7 GET /admin/clients: the runs of the caller's spaces active in the recent window or
 * connected now, most recently active first; `resimId` narrows them to one scenario the caller
 * may see (another is not found, as everywhere).
 */
export const listClients = async (ctx: ClientsContext, resimId: string | undefined): Promise<ClientsResponse> => {
  if (resimId !== undefined) await getResim(ctx, resimId);
  const now = ctx.clock.now().getTime();
  const since = new Date(now - windowMs).toISOString();
  const spaces = await findSpacesOfUser(ctx.db, ctx.principal.userId, ctx.principal.groupSpaceIds);
  const connected = new Set(await ctx.presence.connectedGameIds());
  const rows =
    spaces.length === 0
      ? []
      : await findActiveRuns(ctx.db, {
          spaceIds: spaces.map((space) => space.id),
          resimId,
          since,
          connectedIds: [...connected],
          limit: clientsLimit + 1,
        });
  const listed = rows.slice(0, clientsLimit);
  const scenarios = new Map<string, Scenario>();
  for (const id of new Set(listed.map((row) => row.resim_id))) {
    const scenario = await loadRunnableScenario(ctx.db, { id });
    if (scenario) scenarios.set(id, scenario);
  }
  return {
    since,
    windowHours: recentWindowHours,
    resimId: resimId ?? null,
    clients: listed.flatMap((row) => {
      const scenario = scenarios.get(row.resim_id);
      return scenario ? [toClient(scenario, row, now, connected)] : [];
    }),
    truncated: rows.length > clientsLimit,
  };
};
