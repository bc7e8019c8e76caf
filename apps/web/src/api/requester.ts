import type { errorBody, resimConflict } from '@resim/contracts';
import type { z } from 'zod';
import { ApiError, requestFailedMessage } from './api-error';
import { backoffDelay, isIdempotent, isRetryableStatus, maxAttempts as defaultMaxAttempts } from './backoff';
import type { ClientLogger } from './client-log';

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
export type Out<S extends z.ZodType> = z.output<S>;

// T names the answer's contract: the server writes every answer from that same schema, so it is not parsed again here.
export type RequestOptions<_T> = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly body?: unknown;
  /** the body is a file sent as it is, of this media type (a zip), rather than JSON */
  readonly contentType?: string;
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

export const isConflict = (value: unknown): value is Out<typeof resimConflict> =>
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
      if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
      // Asked on every attempt: a long backoff may outlive the token.
      if (request.auth !== false) headers['authorization'] = `Bearer ${await options.getToken()}`;

      let response: Response;
      try {
        response = await fetchImpl(`${baseUrl}${path}`, {
          method,
          headers,
          body: request.body === undefined ? undefined : request.contentType ? (request.body as Blob) : JSON.stringify(request.body),
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

export const id = (value: string): string => encodeURIComponent(value);
