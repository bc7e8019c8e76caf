import { id, type RequestOptions } from './requester';

type Request = <T>(request: RequestOptions<T>) => Promise<T>;

/** Learners' reports for their hosts: apart from the console's client, so that only the results carry them. */
export const reportCalls = (request: Request) => ({
  /** One run's report, a PDF. */
  ofRun: (resimId: string, gameId: string) =>
    request<Blob>({
      method: 'GET',
      path: `/admin/resim/${id(resimId)}/games/${id(gameId)}/report`,
      accept: 'application/pdf',
      binary: true,
    }),
  /** The report of every ended run of an opening, one PDF each in a zip. */
  ofOpening: (resimId: string, instanceId: string) =>
    request<Blob>({
      method: 'GET',
      path: `/admin/resim/${id(resimId)}/instance/${id(instanceId)}/reports`,
      accept: 'application/zip',
      binary: true,
    }),
});
