import type { gameScore, gameSnapshot, joinBody, joinInfo, joinResult, learnerScenario } from '@resim/contracts';
import type { LearnerEvent } from '@resim/domain';
import type { z } from 'zod';
import { id, type Out, type RequestOptions } from './requester';

/**
 * How a learner proves a run is theirs: an anonymous learner's run token, or null for a signed-in
 * learner, whose session token is sent as for every other call.
 */
export type RunToken = string | null;

const runAccess = (runToken: RunToken) => (runToken === null ? {} : { auth: false, headers: { 'x-run-token': runToken } });

type Request = <T>(request: RequestOptions<T>) => Promise<T>;

/** The learner's calls (the player's), apart from the console's so that a learner's page carries only these. */
export const learnerCalls = (request: Request) => ({
  /** Signed in, an author sees a scenario in Test Mode open. */
  joinInfo: (code: string, signedIn: boolean, signal?: AbortSignal) =>
    request<Out<typeof joinInfo>>({ method: 'GET', path: `/learn/join/${id(code)}`, auth: signedIn, quiet: true, signal }),
  /**
   * Signed in: joins (or resumes) as the session's user. Otherwise anonymously under the
   * nickname, resuming the run of `runToken` when it is in the scenario's current opening.
   */
  join: (code: string, body: z.input<typeof joinBody>, signedIn: boolean, runToken?: string) =>
    request<Out<typeof joinResult>>({
      method: 'POST',
      path: `/learn/join/${id(code)}`,
      body,
      auth: signedIn,
      quiet: true,
      ...(runToken === undefined ? {} : { headers: { 'x-run-token': runToken } }),
    }),
  game: (gameId: string, runToken: RunToken, signal?: AbortSignal) =>
    request<Out<typeof gameSnapshot>>({
      method: 'GET',
      path: `/learn/game/${id(gameId)}`,
      quiet: true,
      signal,
      ...runAccess(runToken),
    }),
  event: (gameId: string, event: LearnerEvent, runToken: RunToken) =>
    request<Out<typeof gameSnapshot>>({
      method: 'POST',
      path: `/learn/game/${id(gameId)}/event`,
      body: event,
      quiet: true,
      ...runAccess(runToken),
    }),
  /** A PDF the learner keeps of their ended run: its report, or the certificate of a run that passed. */
  pdf: (gameId: string, kind: 'report' | 'certificate', runToken: RunToken) =>
    request<Blob>({
      method: 'GET',
      path: `/learn/game/${id(gameId)}/${kind}`,
      accept: 'application/pdf',
      binary: true,
      quiet: true,
      ...runAccess(runToken),
    }),
  mine: (signal?: AbortSignal) => request<Out<typeof learnerScenario>[]>({ method: 'GET', path: '/learn/mine', quiet: true, signal }),
  score: (resimId: string, gameId: string, runToken: RunToken, signal?: AbortSignal) =>
    request<Out<typeof gameScore>>({
      method: 'GET',
      path: `/scores/${id(resimId)}/${id(gameId)}`,
      quiet: true,
      signal,
      ...runAccess(runToken),
    }),
});
