import type { itemAnalysis } from '@resim/contracts';
import { id, type Out, type RequestOptions } from './requester';

type Request = <T>(request: RequestOptions<T>) => Promise<T>;

/** What an item analysis covers: one opening, or every opening that played one version. */
export type AnalysisScope = { readonly instanceId: string } | { readonly revision: number };

const pathOf = (resimId: string, scope: AnalysisScope) =>
  'instanceId' in scope
    ? `/admin/resim/${id(resimId)}/instance/${id(scope.instanceId)}/item-analysis`
    : `/admin/resim/${id(resimId)}/version/${scope.revision}/item-analysis`;

const types = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** Item analyses: apart from the console's client, so that only their panel carries them. */
export const itemAnalysisCalls = (request: Request) => ({
  of: (resimId: string, scope: AnalysisScope, signal?: AbortSignal) =>
    request<Out<typeof itemAnalysis>>({ method: 'GET', path: pathOf(resimId, scope), signal }),
  /** The analysis as a CSV or XLSX file, as the server writes it. */
  file: (resimId: string, scope: AnalysisScope, output: 'csv' | 'xlsx') =>
    request<Blob>({ method: 'GET', path: `${pathOf(resimId, scope)}?output=${output}`, accept: types[output], binary: true }),
});
