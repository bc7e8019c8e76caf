import type {
  ChangePassword,
  ImageUploadBody,
  storedFile,
  UploadCompleteBody,
  uploadPart,
  uploadStart,
  UploadStartQuery,
  clientsResponse,
  intel,
  IntelQuery,
  addLearnersResult,
  addedSpaceUser,
  allocationsResult,
  AllocationsBody,
  billingCustomer,
  billingIntent,
  SubscriptionBody,
  subscriptionResult,
  addSpaceUserBody,
  auditPage,
  learnerFlow,
  AddLearnersBody,
  AllocationBody,
  lockBody,
  lockState,
  runDetail,
  apiToken,
  createdToken,
  dashboard,
  emailTemplate,
  createEmailTemplateBody,
  createSpaceBody,
  createStageTemplateBody,
  createTokenBody,
  errorBody,
  exportFile,
  gameScore,
  gameSnapshot,
  gameSummary,
  joinInfo,
  joinBody,
  joinResult,
  learner,
  learnerScenario,
  learnersChanged,
  MfaCodeBody,
  mfaEnrolment,
  mfaRecoveryCodes,
  mfaStatus,
  presenterView,
  savedPresenterView,
  CreatePresenterViewBody,
  PatchPresenterViewBody,
  previewRun,
  ok,
  outboxMessage,
  outboxPage,
  OutboxStatus,
  PatchLearnersBody,
  PatchResimBody,
  patchSpaceBody,
  putOwnerBody,
  putSecurityBody,
  postUserMetadataBody,
  putEmailTemplateBody,
  queuedEmail,
  resimConflict,
  resimSummary,
  scheduleEntry,
  scoreboard,
  scoreboardAvailable,
  scenarioTemplate,
  sendTestEmailBody,
  sessionMessage,
  sessionMessageBody,
  space,
  spaceScoreboard,
  SpaceScoreboardMode,
  spaceUser,
  stageTemplate,
  templatesMetadata,
  userAuth,
  userMetadata,
  webConfig,
} from '@resim/contracts';
import type { LearnerEvent, Scenario, scenario } from '@resim/domain';
import type { z } from 'zod';
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

/** What a contract's schema gives; the client only takes its type, so no schema code is in the pages' first download. */
type Out<S extends z.ZodType> = z.output<S>;

// T names the answer's contract: the server writes every answer from that same schema, so it is not parsed again here.
export type RequestOptions<_T> = {
  readonly method: HttpMethod;
  readonly path: string;
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
  /** read the file as bytes (an XLSX download) rather than text */
  readonly binary?: boolean;
};

const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const errorMessage = (error: unknown): string => (error instanceof Error && error.message ? error.message : String(error));

const isAbort = (error: unknown, signal: AbortSignal | undefined): boolean =>
  signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isErrorBody = (value: unknown): value is Out<typeof errorBody> =>
  isRecord(value) && typeof value['code'] === 'string' && typeof value['message'] === 'string';

const isConflict = (value: unknown): value is Out<typeof resimConflict> =>
  isErrorBody(value) && isRecord((value as Record<string, unknown>)['current']);

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
    const { method, path, signal } = request;
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
        const json =
          request.accept === undefined ? await readJson(response) : request.binary ? await response.blob() : await response.text();
        if (json === undefined) throw fail(`Unexpected response from ${method} ${path}`, response.status, 'invalid_response');
        return json as T;
      }
      if (retryable && isRetryableStatus(response.status) && attempt < attempts) {
        await sleep(backoffDelay(attempt - 1, random));
        continue;
      }
      if (response.status === 401) options.onUnauthorized?.();
      const json = await readJson(response);
      const body = isErrorBody(json) ? json : null;
      const message = body ? body.message : `${response.status} ${response.statusText}`.trim();
      throw fail(message, response.status, body ? body.code : null, json);
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

/** A query's fields that are set, as text, for URLSearchParams. */
const definedOf = (query: Readonly<Record<string, string | number | undefined>>): Record<string, string> =>
  Object.fromEntries(Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));

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
  const get = <T>(path: string, signal?: AbortSignal) => request<T>({ method: 'GET', path, signal });

  return {
    request,
    /** the session's access token, for what is not a request: the console's live channel */
    accessToken: options.getToken,
    /** reports a failure that is not a request (a crash, a chunk that did not load) */
    log,
    config: (signal?: AbortSignal) => request<Out<typeof webConfig>>({ method: 'GET', path: '/config.json', auth: false, signal }),
    spaces: {
      list: (signal?: AbortSignal) => get<Out<typeof space>[]>('/admin/space', signal),
      create: (body: z.input<typeof createSpaceBody>) => request<Out<typeof space>>({ method: 'POST', path: '/admin/space', body }),
      rename: (spaceId: string, body: z.input<typeof patchSpaceBody>) =>
        request<Out<typeof space>>({ method: 'PATCH', path: `/admin/space/${id(spaceId)}`, body }),
      remove: (spaceId: string) => request<Out<typeof ok>>({ method: 'DELETE', path: `/admin/space/${id(spaceId)}` }),
      /** SPEC 6: the owner alone sets the flags; those left out read as true */
      setSecurity: (spaceId: string, body: z.input<typeof putSecurityBody>) =>
        request<Out<typeof space>>({ method: 'PUT', path: `/admin/space/${id(spaceId)}/security`, body }),
      handOver: (spaceId: string, body: z.input<typeof putOwnerBody>) =>
        request<Out<typeof space>>({ method: 'PUT', path: `/admin/space/${id(spaceId)}/owner`, body }),
      users: (spaceId: string, signal?: AbortSignal) => get<Out<typeof spaceUser>[]>(`/admin/space/${id(spaceId)}/user`, signal),
      addUser: (spaceId: string, body: z.input<typeof addSpaceUserBody>) =>
        request<Out<typeof addedSpaceUser>>({ method: 'POST', path: `/admin/space/${id(spaceId)}/user`, body }),
      removeUser: (spaceId: string, userId: string) =>
        request<Out<typeof ok>>({ method: 'DELETE', path: `/admin/space/${id(spaceId)}/user/${id(userId)}` }),
      /** SPEC 7: what the space's scoreboard can show: its modes, scenarios and outputs. */
      scoreboardAvailable: (spaceId: string, signal?: AbortSignal) =>
        get<Out<typeof scoreboardAvailable>>(`/admin/space/${id(spaceId)}/scoreboard/available`, signal),
      /** SPEC 7: the space's results in one mode. */
      scoreboard: (spaceId: string, mode: SpaceScoreboardMode, signal?: AbortSignal) =>
        get<Out<typeof spaceScoreboard>>(`/admin/space/${id(spaceId)}/scoreboard?mode=${mode}`, signal),
      /** The space's results in one mode as a CSV or XLSX file. */
      scoreboardFile: (spaceId: string, mode: SpaceScoreboardMode, output: 'csv' | 'xlsx') =>
        request<Blob>({
          method: 'GET',
          path: `/admin/space/${id(spaceId)}/scoreboard?mode=${mode}&output=${output}`,
          accept: output === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          binary: true,
        }),
    },
    /** SPEC 7: billing, for the owner of a space (its billing owner); anyone else is answered 404. */
    billing: {
      /** the page says itself that billing is only for owners */
      customer: (signal?: AbortSignal) =>
        request<Out<typeof billingCustomer>>({ method: 'GET', path: '/admin/billing/customer', signal, quietStatuses: [404] }),
      /** sets the quantity of one plan; 0 ends its subscription. The page shows a refusal where it was asked. */
      subscribe: (body: SubscriptionBody) =>
        request<Out<typeof subscriptionResult>>({
          method: 'POST',
          path: '/admin/billing/subscription',
          body,
          // refusals, the provider's among them (409), and the provider not answering (503)
          quietStatuses: [400, 409, 503],
        }),
      /** a card setup for the provider's card form */
      intent: (signal?: AbortSignal) => get<Out<typeof billingIntent>>('/admin/billing/intent', signal),
      /** SPEC 8: a refused allocation shows the server's message where it was asked, not as a request failure */
      allocate: (body: AllocationsBody) =>
        request<Out<typeof allocationsResult>>({
          method: 'POST',
          path: '/admin/billing/allocation',
          body,
          quietStatuses: [400, 404, 409, 422],
        }),
    },
    /** SPEC 7: the learners of a space, named by email, and the scenarios allocated to them. */
    learners: {
      list: (spaceId: string, signal?: AbortSignal) => get<Out<typeof learner>[]>(`/admin/space/${id(spaceId)}/learner`, signal),
      add: (spaceId: string, body: AddLearnersBody) =>
        request<Out<typeof addLearnersResult>>({ method: 'POST', path: `/admin/space/${id(spaceId)}/learner`, body }),
      tag: (spaceId: string, body: PatchLearnersBody) =>
        request<Out<typeof learnersChanged>>({ method: 'PATCH', path: `/admin/space/${id(spaceId)}/learner`, body }),
      remove: (spaceId: string, learners: readonly string[]) =>
        request<Out<typeof learnersChanged>>({ method: 'DELETE', path: `/admin/space/${id(spaceId)}/learner`, body: { learners } }),
      remind: (spaceId: string, learners: readonly string[]) =>
        request<Out<typeof learnersChanged>>({ method: 'POST', path: `/admin/space/${id(spaceId)}/learner/remind`, body: { learners } }),
      /** every learner named gets every scenario named */
      allocate: (spaceId: string, body: AllocationBody) =>
        request<Out<typeof learnersChanged>>({ method: 'POST', path: `/admin/space/${id(spaceId)}/allocation`, body }),
      deallocate: (spaceId: string, body: AllocationBody) =>
        request<Out<typeof learnersChanged>>({ method: 'DELETE', path: `/admin/space/${id(spaceId)}/allocation`, body }),
    },
    user: {
      metadata: (signal?: AbortSignal) => get<Out<typeof userMetadata>>('/admin/user', signal),
      saveMetadata: (body: UserMetadataChanges) => request<Out<typeof userMetadata>>({ method: 'POST', path: '/admin/user', body }),
      auth: (signal?: AbortSignal) => get<Out<typeof userAuth>>('/admin/user/auth', signal),
      /** the form shows why a change was refused */
      changePassword: (body: ChangePassword) =>
        request<Out<typeof ok>>({ method: 'POST', path: '/admin/user/password', body, quietStatuses: [400, 403, 409, 429] }),
    },
    tokens: {
      list: (signal?: AbortSignal) => get<Out<typeof apiToken>[]>('/admin/user/token', signal),
      create: (body: z.input<typeof createTokenBody>) =>
        request<Out<typeof createdToken>>({ method: 'POST', path: '/admin/user/token', body }),
      revoke: (tokenId: string) => request<Out<typeof ok>>({ method: 'DELETE', path: `/admin/user/token/${id(tokenId)}` }),
    },
    mfa: {
      status: (signal?: AbortSignal) => get<Out<typeof mfaStatus>>('/admin/user/mfa', signal),
      start: () => request<Out<typeof mfaEnrolment>>({ method: 'POST', path: '/admin/user/mfa/start', quietStatuses: [409] }),
      /** a wrong code is shown under the code field */
      confirm: (body: MfaCodeBody) =>
        request<Out<typeof mfaRecoveryCodes>>({ method: 'POST', path: '/admin/user/mfa/confirm', body, quietStatuses: [400, 409] }),
      disable: (body: MfaCodeBody) =>
        request<Out<typeof ok>>({ method: 'DELETE', path: '/admin/user/mfa', body, quietStatuses: [400, 409, 429] }),
    },
    resims: {
      list: (signal?: AbortSignal) => get<Out<typeof resimSummary>[]>('/admin/resim', signal),
      /** every scenario's window and openings in the caller's spaces */
      schedule: (signal?: AbortSignal) => get<Out<typeof scheduleEntry>[]>('/admin/schedule', signal),
      /** DESIGN 1: what the presenter display shows of an opening; `current` is the latest. Through a saved view when one is named. */
      presenter: (resimId: string, instance: string, view: string | null, signal?: AbortSignal) =>
        get<Out<typeof presenterView>>(
          `/presenter/resim/${id(resimId)}/${id(instance)}${view === null ? '' : `?view=${id(view)}`}`,
          signal,
        ),
      /** SPEC 3: the scenario's saved presenter views. */
      presenterViews: (resimId: string, signal?: AbortSignal) =>
        get<Out<typeof savedPresenterView>[]>(`/admin/resim/${id(resimId)}/presenter`, signal),
      createPresenterView: (body: CreatePresenterViewBody) =>
        request<Out<typeof savedPresenterView>>({ method: 'POST', path: '/admin/presenter', body }),
      patchPresenterView: (viewId: string, body: PatchPresenterViewBody) =>
        request<Out<typeof savedPresenterView>>({ method: 'PATCH', path: `/admin/presenter/${id(viewId)}`, body }),
      get: (resimId: string, signal?: AbortSignal) => get<Out<typeof scenario>>(`/admin/resim/${id(resimId)}`, signal),
      /** a new scenario in the space, from a scenario template when one is named */
      create: (groupId: string, templateId?: string, resimName?: string) =>
        request<Out<typeof scenario>>({
          method: 'POST',
          path: '/admin/resim/new',
          body: { groupId, ...(templateId ? { templateId } : {}), ...(resimName ? { resimName } : {}) },
        }),
      /** PATCH with the revision the editor started from; a 409 is the caller's to resolve, so it is not shown as a failure. */
      save: async (resimId: string, body: PatchResimBody): Promise<SaveResult> => {
        try {
          const saved = await request<Out<typeof scenario>>({
            method: 'PATCH',
            path: `/admin/resim/${id(resimId)}`,
            body,
            quietStatuses: [409],
          });
          return { kind: 'saved', scenario: saved };
        } catch (error) {
          const conflict = isApiError(error) && error.status === 409 && isConflict(error.body) ? error.body : null;
          if (conflict) return { kind: 'conflict', current: conflict.current, message: conflict.message };
          throw error;
        }
      },
      remove: (resimId: string) => request<Out<typeof ok>>({ method: 'DELETE', path: `/admin/resim/${id(resimId)}` }),
      clone: (resimId: string) => request<Out<typeof scenario>>({ method: 'POST', path: `/admin/resim/${id(resimId)}/clone` }),
      /** Moves the scenario to another of the caller's spaces; it comes back as it now is. */
      move: (resimId: string, spaceId: string) =>
        request<Out<typeof scenario>>({ method: 'PUT', path: `/admin/resim/${id(resimId)}/space`, body: { spaceId } }),
      exportFile: (ids: readonly string[]) => request<Out<typeof exportFile>>({ method: 'POST', path: '/admin/export', body: { ids } }),
      importFile: (groupId: string, file: unknown) =>
        request<Out<typeof scenario>[]>({ method: 'POST', path: '/admin/import', body: { groupId, file } }),
      /** SPEC 4: moves the run status; the scenario comes back as it now is. */
      control: (resimId: string, status: number) =>
        request<Out<typeof scenario>>({ method: 'POST', path: `/admin/control/${id(resimId)}/${status}` }),
      /** SPEC 7: a message to every learner of the session, at once. */
      message: (resimId: string, body: z.input<typeof sessionMessageBody>) =>
        request<Out<typeof sessionMessage>>({ method: 'POST', path: `/admin/control/${id(resimId)}/message`, body }),
      games: (resimId: string, signal?: AbortSignal) => get<Out<typeof gameSummary>[]>(`/admin/resim/${id(resimId)}/games`, signal),
      /** SPEC 7: the scenario's openings at a glance, newest first (polled every 6 s). */
      dashboard: (resimId: string, signal?: AbortSignal) => get<Out<typeof dashboard>>(`/admin/resim/${id(resimId)}/dashboard`, signal),
      /** SPEC 7: one opening's learners, ranked (polled every 5 s). */
      scoreboard: (resimId: string, instanceId: string, signal?: AbortSignal) =>
        get<Out<typeof scoreboard>>(`/admin/resim/${id(resimId)}/instance/${id(instanceId)}/scoreboard`, signal),
      /** A fresh run for the author to play as a learner, kept apart from the real runs. */
      preview: (resimId: string) => request<Out<typeof previewRun>>({ method: 'POST', path: `/admin/resim/${id(resimId)}/preview` }),
      /** The results of one opening as a CSV file, a row per run. */
      scoreboardCsv: (resimId: string, instanceId: string) =>
        request<string>({
          method: 'GET',
          path: `/admin/resim/${id(resimId)}/instance/${id(instanceId)}/scoreboard?output=csv`,
          accept: 'text/csv',
        }),
      /** SPEC 7: the learner events, oldest first, a page at a time from the cursor given; of one opening when it is named. */
      audit: (resimId: string, query: { instanceId: string | null; cursor?: string | undefined }, signal?: AbortSignal) => {
        const params = new URLSearchParams();
        if (query.instanceId !== null) params.set('instance', query.instanceId);
        if (query.cursor) params.set('cursor', query.cursor);
        const search = params.toString();
        return get<Out<typeof auditPage>>(`/admin/resim/${id(resimId)}/audit${search ? `?${search}` : ''}`, signal);
      },
      /** The learners' flow of the scenario, or of one opening. */
      flow: (resimId: string, instanceId: string | null, signal?: AbortSignal) =>
        get<Out<typeof learnerFlow>>(
          `/admin/resim/${id(resimId)}/flow${instanceId === null ? '' : `?instance=${encodeURIComponent(instanceId)}`}`,
          signal,
        ),
      /** One learner's run, step by step. */
      run: (resimId: string, gameId: string, signal?: AbortSignal) =>
        get<Out<typeof runDetail>>(`/admin/resim/${id(resimId)}/games/${id(gameId)}`, signal),
      /** Takes a learner out of an opening: their run ends as removed. */
      removeLearner: (resimId: string, instanceId: string, gameId: string) =>
        request<{ gameId: string; nickname: string }>({
          method: 'POST',
          path: `/admin/resim/${id(resimId)}/instance/${id(instanceId)}/games/${id(gameId)}/remove`,
        }),
      /** A locked lobby turns away anyone not in it yet. */
      lock: (resimId: string, instanceId: string, locked: boolean) =>
        request<Out<typeof lockState>>({
          method: 'PUT',
          path: `/admin/resim/${id(resimId)}/instance/${id(instanceId)}/lock`,
          body: { locked } satisfies z.input<typeof lockBody>,
        }),
    },
    monitoring: {
      /** SPEC 7: the learners active now and recently; of one scenario when it is named. */
      clients: (resimId: string | null, signal?: AbortSignal) =>
        get<Out<typeof clientsResponse>>(`/admin/clients${resimId === null ? '' : `?id=${id(resimId)}`}`, signal),
      /** SPEC 7: insight across the caller's runs, narrowed by the filters given. */
      intel: (filters: IntelQuery, signal?: AbortSignal) => {
        const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])));
        return get<Out<typeof intel>>(`/admin/intel${query.size === 0 ? '' : `?${query}`}`, signal);
      },
    },
    stageTemplates: {
      list: (signal?: AbortSignal) => get<Out<typeof stageTemplate>[]>('/admin/stagetemplate', signal),
      create: (body: z.input<typeof createStageTemplateBody>) =>
        request<Out<typeof stageTemplate>>({ method: 'POST', path: '/admin/stagetemplate', body }),
    },
    templates: {
      list: (signal?: AbortSignal) => get<Out<typeof scenarioTemplate>[]>('/admin/template', signal),
    },
    /** SPEC 7: email template management. */
    emailTemplates: {
      list: (signal?: AbortSignal) => get<Out<typeof templatesMetadata>>('/templates', signal),
      get: (name: string, signal?: AbortSignal) => get<Out<typeof emailTemplate>>(`/templates/${id(name)}`, signal),
      create: (body: z.input<typeof createEmailTemplateBody>) =>
        request<Out<typeof emailTemplate>>({ method: 'POST', path: '/templates', body }),
      save: (name: string, body: z.input<typeof putEmailTemplateBody>) =>
        request<Out<typeof emailTemplate>>({ method: 'PUT', path: `/templates/${id(name)}`, body }),
      /** deletes the user's own template, or returns a built-in one to its default */
      remove: (name: string) => request<Out<typeof ok>>({ method: 'DELETE', path: `/templates/${id(name)}` }),
      sendTest: (name: string, body: z.input<typeof sendTestEmailBody>) =>
        request<Out<typeof queuedEmail>>({ method: 'POST', path: `/templates/${id(name)}/test`, body }),
    },
    outbox: {
      list: (query: { cursor?: string | undefined; status?: OutboxStatus | undefined }, signal?: AbortSignal) => {
        const params = new URLSearchParams();
        if (query.cursor) params.set('cursor', query.cursor);
        if (query.status) params.set('status', query.status);
        const search = params.toString();
        return get<Out<typeof outboxPage>>(`/admin/outbox${search ? `?${search}` : ''}`, signal);
      },
      retry: (emailId: string) => request<Out<typeof outboxMessage>>({ method: 'POST', path: `/admin/outbox/${id(emailId)}/retry` }),
    },
    /** The learner's side (the player): every failure is the player's to show, in place. */
    learn: {
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
      mine: (signal?: AbortSignal) => request<Out<typeof learnerScenario>[]>({ method: 'GET', path: '/learn/mine', quiet: true, signal }),
      score: (resimId: string, gameId: string, runToken: RunToken, signal?: AbortSignal) =>
        request<Out<typeof gameScore>>({
          method: 'GET',
          path: `/scores/${id(resimId)}/${id(gameId)}`,
          quiet: true,
          signal,
          ...runAccess(runToken),
        }),
    },
    /** SPEC 7: a file sent in parts to presigned URLs, or a small image whole. */
    uploads: {
      start: (query: UploadStartQuery, signal?: AbortSignal) =>
        get<Out<typeof uploadStart>>(`/uploads/start?${new URLSearchParams(definedOf(query))}`, signal),
      part: (query: { readonly key: string; readonly part: number; readonly uploadId: string }, signal?: AbortSignal) =>
        get<Out<typeof uploadPart>>(`/uploads/parts?${new URLSearchParams(definedOf(query))}`, signal),
      complete: (body: UploadCompleteBody) => request<Out<typeof storedFile>>({ method: 'POST', path: '/uploads/complete', body }),
      /** gives back the parts of an upload the author cancelled */
      abort: (session: { readonly key: string; readonly uploadId: string }) =>
        request<unknown>({ method: 'DELETE', path: `/uploads/${id(session.uploadId)}?key=${id(session.key)}`, quiet: true }),
      image: (body: ImageUploadBody) => request<Out<typeof storedFile>>({ method: 'POST', path: '/admin/image', body }),
    },
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;
