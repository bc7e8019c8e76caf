import {
  addLearnersResult,
  auditEntry,
  type lockBody,
  lockState,
  runDetail,
  type AddLearnersBody,
  type AllocationBody,
  apiToken,
  createdToken,
  dashboard,
  emailTemplate,
  type createEmailTemplateBody,
  type createSpaceBody,
  type createStageTemplateBody,
  type createTokenBody,
  errorBody,
  exportFile,
  gameScore,
  gameSnapshot,
  gameSummary,
  joinInfo,
  type joinBody,
  joinResult,
  learner,
  learnerScenario,
  learnersChanged,
  presenterView,
  previewRun,
  ok,
  outboxMessage,
  outboxPage,
  type OutboxStatus,
  type PatchLearnersBody,
  type PatchResimBody,
  type patchSpaceBody,
  type postUserMetadataBody,
  type putEmailTemplateBody,
  queuedEmail,
  resimConflict,
  resimSummary,
  scoreboard,
  scenarioTemplate,
  type sendTestEmailBody,
  sessionMessage,
  type sessionMessageBody,
  space,
  stageTemplate,
  templatesMetadata,
  userAuth,
  userMetadata,
  webConfig,
} from '@resim/contracts';
import { scenario, type LearnerEvent, type Scenario } from '@resim/domain';
import { z } from 'zod';
import { ApiError, isApiError, requestFailedMessage } from './api-error';
import { backoffDelay, isIdempotent, isRetryableStatus, maxAttempts as defaultMaxAttempts } from './backoff';
import { createClientLogger, type ClientLogger } from './client-log';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiClientOptions = {
  /** the API's origin; empty for the page's own */
  readonly baseUrl?: string;
  /** the session's access token; throws when there is no session */
  readonly getToken: () => Promise<string>;
  /** told when the API refused the token, so the session can be renewed or ended */
  readonly onUnauthorized?: () => void;
  /** shows the danger message of a failed request */
  readonly notify: (message: string) => void;
  readonly fetch?: typeof fetch;
  readonly log?: ClientLogger;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  readonly maxAttempts?: number;
  /** the page the user is on, for the failure report */
  readonly currentPage?: () => string;
  /**
   * Whether the page is being left: the browser then cuts the requests in flight, which is
   * neither the user's problem nor ours, so it is not shown or reported.
   */
  readonly isLeaving?: () => boolean;
};

export type RequestOptions<T> = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly schema: z.ZodType<T>;
  readonly body?: unknown;
  /** false for the few public routes */
  readonly auth?: boolean;
  readonly signal?: AbortSignal | undefined;
  /** headers beside the bearer token, such as an anonymous learner's run token */
  readonly headers?: Readonly<Record<string, string>>;
  /** the caller shows every failure itself (the player's refusals, its polling while offline): none is shown or reported */
  readonly quiet?: boolean;
  /** statuses the caller answers itself (a save's 409 conflict): neither shown as a danger message nor reported */
  readonly quietStatuses?: readonly number[];
  /** a file that is not JSON (a CSV download): asked for by this media type and read as text */
  readonly accept?: string;
};

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const errorMessage = (error: unknown): string => (error instanceof Error && error.message ? error.message : String(error));

const isAbort = (error: unknown, signal: AbortSignal | undefined): boolean =>
  signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * The one way the web app talks to the API: bearer token on every call, responses checked
 * against the shared contracts, idempotent calls retried with backoff, and every failure shown
 * as a danger message and reported to the server's log.
 */
export const createRequester = (options: ApiClientOptions & { readonly log: ClientLogger }) => {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? '';
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  const attempts = Math.max(1, options.maxAttempts ?? defaultMaxAttempts);
  const log = options.log;
  const currentPage = options.currentPage ?? (() => (typeof window === 'undefined' ? '' : window.location.pathname));

  const send = async <T>(request: RequestOptions<T>): Promise<T> => {
    const { method, path, schema, signal } = request;
    const fail = (message: string, status: number | null, code: string | null, body?: unknown) =>
      new ApiError(message, { method, path, status, code, body });
    const retryable = isIdempotent(method);

    for (let attempt = 1; ; attempt += 1) {
      const headers: Record<string, string> = { ...request.headers, accept: request.accept ?? 'application/json' };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      // Asked on every attempt: a long backoff may outlive the token.
      if (request.auth !== false) headers['authorization'] = `Bearer ${await options.getToken()}`;

      let response: Response;
      try {
        response = await fetchImpl(`${baseUrl}${path}`, {
          method,
          headers,
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal,
        });
      } catch (error) {
        if (isAbort(error, signal)) throw error;
        if (retryable && attempt < attempts) {
          await sleep(backoffDelay(attempt - 1, random));
          continue;
        }
        throw fail(errorMessage(error), null, 'NetworkError');
      }

      if (response.ok) {
        const json = request.accept === undefined ? await readJson(response) : await response.text();
        const parsed = schema.safeParse(json);
        if (!parsed.success) throw fail(`Unexpected response from ${method} ${path}`, response.status, 'invalid_response');
        return parsed.data;
      }
      if (retryable && isRetryableStatus(response.status) && attempt < attempts) {
        await sleep(backoffDelay(attempt - 1, random));
        continue;
      }
      if (response.status === 401) options.onUnauthorized?.();
      const json = await readJson(response);
      const body = errorBody.safeParse(json);
      const message = body.success ? body.data.message : `${response.status} ${response.statusText}`.trim();
      throw fail(message, response.status, body.success ? body.data.code : null, json);
    }
  };

  return async <T>(request: RequestOptions<T>): Promise<T> => {
    try {
      return await send(request);
    } catch (error) {
      if (isAbort(error, request.signal)) throw error;
      if (error instanceof ApiError && error.status !== null && request.quietStatuses?.includes(error.status)) throw error;
      const failure =
        error instanceof ApiError
          ? error
          : new ApiError(errorMessage(error), {
              method: request.method,
              path: request.path,
              status: null,
              code: error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : null,
            });
      if (request.quiet || (failure.status === null && options.isLeaving?.())) throw failure;
      options.notify(requestFailedMessage(failure.message));
      log({
        level: 'error',
        message: requestFailedMessage(failure.message),
        method: failure.method,
        path: failure.path,
        ...(failure.status === null ? {} : { status: failure.status }),
        page: currentPage(),
      });
      throw failure;
    }
  };
};

const id = (value: string): string => encodeURIComponent(value);

export type UserMetadataChanges = z.input<typeof postUserMetadataBody>;

/**
 * How a learner proves a run is theirs: an anonymous learner's run token, or null for a signed-in
 * learner, whose session token is sent as for every other call.
 */
export type RunToken = string | null;

const runAccess = (runToken: RunToken) => (runToken === null ? {} : { auth: false, headers: { 'x-run-token': runToken } });

/** A save either lands, or finds that someone saved first and brings back what they saved. */
export type SaveResult =
  | { readonly kind: 'saved'; readonly scenario: Scenario }
  | { readonly kind: 'conflict'; readonly current: Scenario; readonly message: string };

/** Every call of the API the web app makes, typed by the shared contracts. */
export const createApiClient = (options: ApiClientOptions) => {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const log = options.log ?? createClientLogger({ fetch: fetchImpl, baseUrl: options.baseUrl });
  const request = createRequester({ ...options, fetch: fetchImpl, log });
  const get = <T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal) => request({ method: 'GET', path, schema, signal });

  return {
    request,
    /** the session's access token, for what is not a request: the console's live channel */
    accessToken: options.getToken,
    /** reports a failure that is not a request (a crash, a chunk that did not load) */
    log,
    config: (signal?: AbortSignal) => request({ method: 'GET', path: '/config.json', schema: webConfig, auth: false, signal }),
    spaces: {
      list: (signal?: AbortSignal) => get('/admin/space', z.array(space), signal),
      create: (body: z.input<typeof createSpaceBody>) => request({ method: 'POST', path: '/admin/space', schema: space, body }),
      rename: (spaceId: string, body: z.input<typeof patchSpaceBody>) =>
        request({ method: 'PATCH', path: `/admin/space/${id(spaceId)}`, schema: space, body }),
      remove: (spaceId: string) => request({ method: 'DELETE', path: `/admin/space/${id(spaceId)}`, schema: ok }),
    },
    /** SPEC 7: the learners of a space, named by email, and the scenarios allocated to them. */
    learners: {
      list: (spaceId: string, signal?: AbortSignal) => get(`/admin/space/${id(spaceId)}/learner`, z.array(learner), signal),
      add: (spaceId: string, body: AddLearnersBody) =>
        request({ method: 'POST', path: `/admin/space/${id(spaceId)}/learner`, schema: addLearnersResult, body }),
      tag: (spaceId: string, body: PatchLearnersBody) =>
        request({ method: 'PATCH', path: `/admin/space/${id(spaceId)}/learner`, schema: learnersChanged, body }),
      remove: (spaceId: string, learners: readonly string[]) =>
        request({ method: 'DELETE', path: `/admin/space/${id(spaceId)}/learner`, schema: learnersChanged, body: { learners } }),
      remind: (spaceId: string, learners: readonly string[]) =>
        request({ method: 'POST', path: `/admin/space/${id(spaceId)}/learner/remind`, schema: learnersChanged, body: { learners } }),
      /** every learner named gets every scenario named */
      allocate: (spaceId: string, body: AllocationBody) =>
        request({ method: 'POST', path: `/admin/space/${id(spaceId)}/allocation`, schema: learnersChanged, body }),
      deallocate: (spaceId: string, body: AllocationBody) =>
        request({ method: 'DELETE', path: `/admin/space/${id(spaceId)}/allocation`, schema: learnersChanged, body }),
    },
    user: {
      metadata: (signal?: AbortSignal) => get('/admin/user', userMetadata, signal),
      saveMetadata: (body: UserMetadataChanges) => request({ method: 'POST', path: '/admin/user', schema: userMetadata, body }),
      auth: (signal?: AbortSignal) => get('/admin/user/auth', userAuth, signal),
    },
    tokens: {
      list: (signal?: AbortSignal) => get('/admin/user/token', z.array(apiToken), signal),
      create: (body: z.input<typeof createTokenBody>) => request({ method: 'POST', path: '/admin/user/token', schema: createdToken, body }),
      revoke: (tokenId: string) => request({ method: 'DELETE', path: `/admin/user/token/${id(tokenId)}`, schema: ok }),
    },
    resims: {
      list: (signal?: AbortSignal) => get('/admin/resim', z.array(resimSummary), signal),
      /** DESIGN 1: what the presenter display shows of an opening; `current` is the latest. */
      presenter: (resimId: string, instance: string, signal?: AbortSignal) =>
        get(`/presenter/resim/${id(resimId)}/${id(instance)}`, presenterView, signal),
      get: (resimId: string, signal?: AbortSignal) => get(`/admin/resim/${id(resimId)}`, scenario, signal),
      /** a new scenario in the space, from a scenario template when one is named */
      create: (groupId: string, templateId?: string) =>
        request({ method: 'POST', path: '/admin/resim/new', schema: scenario, body: templateId ? { groupId, templateId } : { groupId } }),
      /** PATCH with the revision the editor started from; a 409 is the caller's to resolve, so it is not shown as a failure. */
      save: async (resimId: string, body: PatchResimBody): Promise<SaveResult> => {
        try {
          const saved = await request({
            method: 'PATCH',
            path: `/admin/resim/${id(resimId)}`,
            schema: scenario,
            body,
            quietStatuses: [409],
          });
          return { kind: 'saved', scenario: saved };
        } catch (error) {
          const conflict = isApiError(error) && error.status === 409 ? resimConflict.safeParse(error.body) : null;
          if (conflict?.success) return { kind: 'conflict', current: conflict.data.current, message: conflict.data.message };
          throw error;
        }
      },
      remove: (resimId: string) => request({ method: 'DELETE', path: `/admin/resim/${id(resimId)}`, schema: ok }),
      clone: (resimId: string) => request({ method: 'POST', path: `/admin/resim/${id(resimId)}/clone`, schema: scenario }),
      exportFile: (ids: readonly string[]) => request({ method: 'POST', path: '/admin/export', schema: exportFile, body: { ids } }),
      importFile: (groupId: string, file: unknown) =>
        request({ method: 'POST', path: '/admin/import', schema: z.array(scenario), body: { groupId, file } }),
      /** SPEC 4: moves the run status; the scenario comes back as it now is. */
      control: (resimId: string, status: number) =>
        request({ method: 'POST', path: `/admin/control/${id(resimId)}/${status}`, schema: scenario }),
      /** SPEC 7: a message to every learner of the session, at once. */
      message: (resimId: string, body: z.input<typeof sessionMessageBody>) =>
        request({ method: 'POST', path: `/admin/control/${id(resimId)}/message`, schema: sessionMessage, body }),
      games: (resimId: string, signal?: AbortSignal) => get(`/admin/resim/${id(resimId)}/games`, z.array(gameSummary), signal),
      /** SPEC 7: the scenario's openings at a glance, newest first (polled every 6 s). */
      dashboard: (resimId: string, signal?: AbortSignal) => get(`/admin/resim/${id(resimId)}/dashboard`, dashboard, signal),
      /** SPEC 7: one opening's learners, ranked (polled every 5 s). */
      scoreboard: (resimId: string, instanceId: string, signal?: AbortSignal) =>
        get(`/admin/resim/${id(resimId)}/instance/${id(instanceId)}/scoreboard`, scoreboard, signal),
      /** A fresh run for the author to play as a learner, kept apart from the real runs. */
      preview: (resimId: string) => request({ method: 'POST', path: `/admin/resim/${id(resimId)}/preview`, schema: previewRun }),
      /** The results of one opening as a CSV file, a row per run. */
      scoreboardCsv: (resimId: string, instanceId: string) =>
        request({
          method: 'GET',
          path: `/admin/resim/${id(resimId)}/instance/${id(instanceId)}/scoreboard?output=csv`,
          schema: z.string(),
          accept: 'text/csv',
        }),
      /** SPEC 7: every learner event, oldest first; of one opening when it is named. */
      audit: (resimId: string, instanceId: string | null, signal?: AbortSignal) =>
        get(`/admin/resim/${id(resimId)}/audit${instanceId === null ? '' : `?instance=${id(instanceId)}`}`, z.array(auditEntry), signal),
      /** One learner's run, step by step. */
      run: (resimId: string, gameId: string, signal?: AbortSignal) =>
        get(`/admin/resim/${id(resimId)}/games/${id(gameId)}`, runDetail, signal),
      /** Takes a learner out of an opening: their run ends as removed. */
      removeLearner: (resimId: string, instanceId: string, gameId: string) =>
        request({
          method: 'POST',
          path: `/admin/resim/${id(resimId)}/instance/${id(instanceId)}/games/${id(gameId)}/remove`,
          schema: z.object({ gameId: z.string(), nickname: z.string() }),
        }),
      /** A locked lobby turns away anyone not in it yet. */
      lock: (resimId: string, instanceId: string, locked: boolean) =>
        request({
          method: 'PUT',
          path: `/admin/resim/${id(resimId)}/instance/${id(instanceId)}/lock`,
          schema: lockState,
          body: { locked } satisfies z.input<typeof lockBody>,
        }),
    },
    stageTemplates: {
      list: (signal?: AbortSignal) => get('/admin/stagetemplate', z.array(stageTemplate), signal),
      create: (body: z.input<typeof createStageTemplateBody>) =>
        request({ method: 'POST', path: '/admin/stagetemplate', schema: stageTemplate, body }),
    },
    templates: {
      list: (signal?: AbortSignal) => get('/admin/template', z.array(scenarioTemplate), signal),
    },
    /** SPEC 7: email template management. */
    emailTemplates: {
      list: (signal?: AbortSignal) => get('/templates', templatesMetadata, signal),
      get: (name: string, signal?: AbortSignal) => get(`/templates/${id(name)}`, emailTemplate, signal),
      create: (body: z.input<typeof createEmailTemplateBody>) =>
        request({ method: 'POST', path: '/templates', schema: emailTemplate, body }),
      save: (name: string, body: z.input<typeof putEmailTemplateBody>) =>
        request({ method: 'PUT', path: `/templates/${id(name)}`, schema: emailTemplate, body }),
      /** deletes the user's own template, or returns a built-in one to its default */
      remove: (name: string) => request({ method: 'DELETE', path: `/templates/${id(name)}`, schema: ok }),
      sendTest: (name: string, body: z.input<typeof sendTestEmailBody>) =>
        request({ method: 'POST', path: `/templates/${id(name)}/test`, schema: queuedEmail, body }),
    },
    outbox: {
      list: (query: { cursor?: string | undefined; status?: OutboxStatus | undefined }, signal?: AbortSignal) => {
        const params = new URLSearchParams();
        if (query.cursor) params.set('cursor', query.cursor);
        if (query.status) params.set('status', query.status);
        const search = params.toString();
        return get(`/admin/outbox${search ? `?${search}` : ''}`, outboxPage, signal);
      },
      retry: (emailId: string) => request({ method: 'POST', path: `/admin/outbox/${id(emailId)}/retry`, schema: outboxMessage }),
    },
    /** The learner's side (the player): every failure is the player's to show, in place. */
    learn: {
      /** Signed in, an author sees a scenario in Test Mode open. */
      joinInfo: (code: string, signedIn: boolean, signal?: AbortSignal) =>
        request({ method: 'GET', path: `/learn/join/${id(code)}`, schema: joinInfo, auth: signedIn, quiet: true, signal }),
      /**
       * Signed in: joins (or resumes) as the session's user. Otherwise anonymously under the
       * nickname, resuming the run of `runToken` when it is in the scenario's current opening.
       */
      join: (code: string, body: z.input<typeof joinBody>, signedIn: boolean, runToken?: string) =>
        request({
          method: 'POST',
          path: `/learn/join/${id(code)}`,
          schema: joinResult,
          body,
          auth: signedIn,
          quiet: true,
          ...(runToken === undefined ? {} : { headers: { 'x-run-token': runToken } }),
        }),
      game: (gameId: string, runToken: RunToken, signal?: AbortSignal) =>
        request({ method: 'GET', path: `/learn/game/${id(gameId)}`, schema: gameSnapshot, quiet: true, signal, ...runAccess(runToken) }),
      event: (gameId: string, event: LearnerEvent, runToken: RunToken) =>
        request({
          method: 'POST',
          path: `/learn/game/${id(gameId)}/event`,
          schema: gameSnapshot,
          body: event,
          quiet: true,
          ...runAccess(runToken),
        }),
      mine: (signal?: AbortSignal) =>
        request({ method: 'GET', path: '/learn/mine', schema: z.array(learnerScenario), quiet: true, signal }),
      score: (resimId: string, gameId: string, runToken: RunToken, signal?: AbortSignal) =>
        request({
          method: 'GET',
          path: `/scores/${id(resimId)}/${id(gameId)}`,
          schema: gameScore,
          quiet: true,
          signal,
          ...runAccess(runToken),
        }),
    },
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;
