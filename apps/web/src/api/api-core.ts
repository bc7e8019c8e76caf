import type { webConfig } from '@resim/contracts';
import { createClientLogger } from './client-log';
import { learnerCalls } from './learner-calls';
import { createRequester, type ApiClientOptions, type Out } from './requester';

/** What every page's client has: the requester, the session's token, the failure log and the configuration. */
export const createApiCore = (options: ApiClientOptions) => {
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const log = options.log ?? createClientLogger({ fetch: fetchImpl, baseUrl: options.baseUrl });
  const request = createRequester({ ...options, fetch: fetchImpl, log });
  return {
    request,
    /** the session's access token, for what is not a request: the console's live channel */
    accessToken: options.getToken,
    /** reports a failure that is not a request (a crash, a chunk that did not load) */
    log,
    config: (signal?: AbortSignal) => request<Out<typeof webConfig>>({ method: 'GET', path: '/config.json', auth: false, signal }),
  };
};

/** The player's client: the learner's calls and nothing of the console's. */
export const createLearnerApiClient = (options: ApiClientOptions) => {
  const core = createApiCore(options);
  return { ...core, learn: learnerCalls(core.request) };
};

export type LearnerApiClient = ReturnType<typeof createLearnerApiClient>;
