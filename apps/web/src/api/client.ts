import type {
  ltiCheck,
  ltiPlatform,
  ltiRoster,
  LtiPlatformBody,
  ltiSettings,
  runGrade,
  runStatement,
  lrsCheck,
  lrsSettings,
  PutLrsBody,
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
  exportFile,
  learner,
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
} from '@resim/contracts';
import type { Scenario, scenario } from '@resim/domain';
import type { z } from 'zod';
import { isApiError } from './api-error';
import { createApiCore } from './api-core';
import { learnerCalls } from './learner-calls';
import { id, isConflict, type ApiClientOptions, type Out } from './requester';

export type { ApiClientOptions, HttpMethod, RequestOptions } from './requester';
export type { RunToken } from './learner-calls';

/** A query's fields that are set, as text, for URLSearchParams. */
const definedOf = (query: Readonly<Record<string, string | number | undefined>>): Record<string, string> =>
  Object.fromEntries(Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])));

export type UserMetadataChanges = z.input<typeof postUserMetadataBody>;

/** A save either lands, or finds that someone saved first and brings back what they saved. */
export type SaveResult =
  | { readonly kind: 'saved'; readonly scenario: Scenario }
  | { readonly kind: 'conflict'; readonly current: Scenario; readonly message: string };

/** Every call of the API the web app makes, typed by the shared contracts. */
/**
 * A file the server refuses (its type, content or size, SPEC 7), or an upload it no longer has: the
 * upload zone tells it beside the medium the file was given to, naming the file, so it is not shown
 * again as a message of its own. The server's own trouble and the network's are shown and reported
 * as any request's are.
 */
const uploadRefusals = [400, 403, 404, 413, 415] as const;

export const createApiClient = (options: ApiClientOptions) => {
  const core = createApiCore(options);
  const { request } = core;
  const get = <T>(path: string, signal?: AbortSignal) => request<T>({ method: 'GET', path, signal });

  return {
    ...core,
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
        request<Out<typeof spaceUser>>({ method: 'POST', path: `/admin/space/${id(spaceId)}/user`, body }),
      removeUser: (spaceId: string, userId: string) =>
        request<Out<typeof ok>>({ method: 'DELETE', path: `/admin/space/${id(spaceId)}/user/${id(userId)}` }),
      /** Where the space's xAPI statements go, and how many are queued, sent and failed (never the secret). */
      lrs: (spaceId: string, signal?: AbortSignal) => get<Out<typeof lrsSettings>>(`/admin/space/${id(spaceId)}/lrs`, signal),
      setLrs: (spaceId: string, body: PutLrsBody) =>
        request<Out<typeof lrsSettings>>({ method: 'PUT', path: `/admin/space/${id(spaceId)}/lrs`, body }),
      removeLrs: (spaceId: string) => request<Out<typeof ok>>({ method: 'DELETE', path: `/admin/space/${id(spaceId)}/lrs` }),
      checkLrs: (spaceId: string) => request<Out<typeof lrsCheck>>({ method: 'POST', path: `/admin/space/${id(spaceId)}/lrs/check` }),
      /** Where a run's xAPI statements went: none when the space sent none. */
      runStatements: (spaceId: string, runId: string, signal?: AbortSignal) =>
        get<Out<typeof runStatement>[]>(`/admin/space/${id(spaceId)}/lrs/runs/${id(runId)}`, signal),
      retryLrs: (spaceId: string) => request<{ queued: number }>({ method: 'POST', path: `/admin/space/${id(spaceId)}/lrs/retry` }),
      /** The space's learning platforms (LTI), the tool's addresses to give them, and how its grades went. */
      lti: (spaceId: string, signal?: AbortSignal) => get<Out<typeof ltiSettings>>(`/admin/space/${id(spaceId)}/lti`, signal),
      addLtiPlatform: (spaceId: string, body: LtiPlatformBody) =>
        request<Out<typeof ltiPlatform>>({ method: 'POST', path: `/admin/space/${id(spaceId)}/lti/platforms`, body }),
      updateLtiPlatform: (spaceId: string, platformId: string, body: LtiPlatformBody) =>
        request<Out<typeof ltiPlatform>>({ method: 'PUT', path: `/admin/space/${id(spaceId)}/lti/platforms/${id(platformId)}`, body }),
      removeLtiPlatform: (spaceId: string, platformId: string) =>
        request<Out<typeof ok>>({ method: 'DELETE', path: `/admin/space/${id(spaceId)}/lti/platforms/${id(platformId)}` }),
      checkLtiPlatform: (spaceId: string, platformId: string) =>
        request<Out<typeof ltiCheck>>({ method: 'POST', path: `/admin/space/${id(spaceId)}/lti/platforms/${id(platformId)}/check` }),
      pullLtiRoster: (spaceId: string, platformId: string) =>
        request<Out<typeof ltiRoster>>({ method: 'POST', path: `/admin/space/${id(spaceId)}/lti/platforms/${id(platformId)}/roster` }),
      retryLti: (spaceId: string) => request<{ queued: number }>({ method: 'POST', path: `/admin/space/${id(spaceId)}/lti/retry` }),
      /** Where a run's grade went: null when no platform grades it. */
      runGrade: (spaceId: string, runId: string, signal?: AbortSignal) =>
        get<{ grade: Out<typeof runGrade> | null }>(`/admin/space/${id(spaceId)}/lti/runs/${id(runId)}`, signal),
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
    learn: learnerCalls(request),
    /** SPEC 7: a file sent in parts to presigned URLs, or a small image whole. */
    uploads: {
      start: (query: UploadStartQuery, signal?: AbortSignal) =>
        request<Out<typeof uploadStart>>({
          method: 'GET',
          path: `/uploads/start?${new URLSearchParams(definedOf(query))}`,
          signal,
          quietStatuses: uploadRefusals,
        }),
      part: (query: { readonly key: string; readonly part: number; readonly uploadId: string }, signal?: AbortSignal) =>
        request<Out<typeof uploadPart>>({
          method: 'GET',
          path: `/uploads/parts?${new URLSearchParams(definedOf(query))}`,
          signal,
          quietStatuses: uploadRefusals,
        }),
      complete: (body: UploadCompleteBody) =>
        request<Out<typeof storedFile>>({ method: 'POST', path: '/uploads/complete', body, quietStatuses: uploadRefusals }),
      /** gives back the parts of an upload the author cancelled */
      abort: (session: { readonly key: string; readonly uploadId: string }) =>
        request<unknown>({ method: 'DELETE', path: `/uploads/${id(session.uploadId)}?key=${id(session.key)}`, quiet: true }),
      image: (body: ImageUploadBody) =>
        request<Out<typeof storedFile>>({ method: 'POST', path: '/admin/image', body, quietStatuses: uploadRefusals }),
    },
  };
};

export type ApiClient = ReturnType<typeof createApiClient>;
