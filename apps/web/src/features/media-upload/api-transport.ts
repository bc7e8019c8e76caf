import type { MediaProp } from '@resim/contracts';
import type { ApiClient } from '../../api/client';
import { isApiError } from '../../api/api-error';
import { RefusedError, type UploadTransport } from './chunked-upload';
import { xhrPut } from './xhr-put';

// The API client already retries what may pass; a 4xx names a problem that sending again will not mend.
const refusedOr = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error) && error.status !== null && error.status >= 400 && error.status < 500) throw new RefusedError(error.message);
    throw error;
  }
};

/** SPEC 7's calls through the product's API, the chunks PUT straight to the store. */
export const apiUploadTransport = (api: ApiClient, prop: MediaProp | undefined): UploadTransport => ({
  start: ({ fileName, fileType }, signal) => refusedOr(() => api.uploads.start({ fileName, fileType, prop }, signal)),
  partUrl: async ({ key, uploadId }, part, signal) =>
    (await refusedOr(() => api.uploads.part({ key, part, uploadId }, signal))).presignedUrl,
  putPart: xhrPut,
  complete: async ({ key, uploadId }, parts) => (await refusedOr(() => api.uploads.complete({ key, uploadId, parts: [...parts] }))).url,
  // The server also clears abandoned uploads, so one that cannot be given back now is not the author's problem.
  abort: async (session) => {
    await api.uploads.abort(session).catch(() => undefined);
  },
});
