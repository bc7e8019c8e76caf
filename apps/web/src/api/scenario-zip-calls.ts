import type { scenario } from '@resim/domain';
import { id, type Out, type RequestOptions } from './requester';

type Request = <T>(request: RequestOptions<T>) => Promise<T>;

/**
 * Scenarios as zips with their uploaded media: calls apart from the console's client, so that only
 * the dialogs that export and import them carry them.
 */
export const scenarioZipCalls = (request: Request) => ({
  /** the scenarios, their history when asked for, and every uploaded file they refer to */
  exportZip: (ids: readonly string[], history: boolean) =>
    request<Blob>({ method: 'POST', path: '/admin/export/zip', body: { ids, history }, accept: 'application/zip', binary: true }),
  /** the zip's scenarios added to the space, its files stored anew on this server */
  importZip: (groupId: string, zip: Blob) =>
    request<Out<typeof scenario>[]>({
      method: 'POST',
      path: `/admin/import/zip?groupId=${id(groupId)}`,
      body: zip,
      contentType: 'application/zip',
    }),
});
