import type { historyPage, scenarioVersion, versionDiff } from '@resim/contracts';
import type { scenario } from '@resim/domain';
import { id, type Out, type RequestOptions } from './requester';

type Request = <T>(request: RequestOptions<T>) => Promise<T>;

/** The cache key of a scenario's history, under the scenario's own so that a reload of it refreshes the history too. */
export const historyKey = (resimId: string) => ['resim', resimId, 'history'] as const;

/**
 * A scenario's version history: calls apart from the console's client, so that only the editor's
 * History panel carries them.
 */
export const historyCalls = (request: Request) => ({
  /** the saves, newest first; `before` is the `next` of the page before */
  list: (resimId: string, before: number | null, signal?: AbortSignal) =>
    request<Out<typeof historyPage>>({
      method: 'GET',
      path: `/admin/resim/${id(resimId)}/history?limit=50${before === null ? '' : `&before=${before}`}`,
      signal,
    }),
  /** what changed from one version to another, item by item in words */
  diff: (resimId: string, from: number, to: number, signal?: AbortSignal) =>
    request<Out<typeof versionDiff>>({ method: 'GET', path: `/admin/resim/${id(resimId)}/history/diff?from=${from}&to=${to}`, signal }),
  /** the version saved again as a new revision; `base` is the revision the editor has open */
  restore: (resimId: string, revision: number, base: number) =>
    request<Out<typeof scenario>>({
      method: 'POST',
      path: `/admin/resim/${id(resimId)}/history/${revision}/restore`,
      body: { revision: base },
    }),
  /** names a version, or with null removes its name */
  name: (resimId: string, revision: number, name: string | null) =>
    request<Out<typeof scenarioVersion>>({ method: 'PUT', path: `/admin/resim/${id(resimId)}/history/${revision}/name`, body: { name } }),
});
