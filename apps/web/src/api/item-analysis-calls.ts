import type { itemAnalysis } from '@resim/contracts';
import { id, type Out, type RequestOptions } from './requester';

type Request = <T>(request: RequestOptions<T>) => Promise<T>;

/** An opening's item analysis: apart from the console's client, so that only its panel carries it. */
export const itemAnalysisCalls = (request: Request) => ({
  ofOpening: (resimId: string, instanceId: string, signal?: AbortSignal) =>
    request<Out<typeof itemAnalysis>>({
      method: 'GET',
      path: `/admin/resim/${id(resimId)}/instance/${id(instanceId)}/item-analysis`,
      signal,
    }),
});
