import type { ReportEmailed, ReportsEmailed } from '@resim/contracts';
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
  /** A passed run's certificate, a PDF (issued the first time it is asked for). */
  certificate: (resimId: string, gameId: string) =>
    request<Blob>({
      method: 'GET',
      path: `/admin/resim/${id(resimId)}/games/${id(gameId)}/certificate`,
      accept: 'application/pdf',
      binary: true,
    }),
  /** Withdraws a run's certificate (the space's owner); its verification page says so from then on. */
  revokeCertificate: (resimId: string, gameId: string) =>
    request<{ code: string; revokedAt: string }>({
      method: 'POST',
      path: `/admin/resim/${id(resimId)}/games/${id(gameId)}/certificate/revoke`,
    }),
  /** The report of every ended run of an opening, one PDF each in a zip. */
  ofOpening: (resimId: string, instanceId: string) =>
    request<Blob>({
      method: 'GET',
      path: `/admin/resim/${id(resimId)}/instance/${id(instanceId)}/reports`,
      accept: 'application/zip',
      binary: true,
    }),
  /** Emails a run's report to its learner; a 409 (the run goes on, the learner has no address) is the caller's to show. */
  emailRun: (resimId: string, gameId: string) =>
    request<ReportEmailed>({
      method: 'POST',
      path: `/admin/resim/${id(resimId)}/games/${id(gameId)}/report/email`,
      quietStatuses: [409],
    }),
  /** Emails every ended run's report of an opening to its learner; the answer says how many were queued and skipped. */
  emailOpening: (resimId: string, instanceId: string) =>
    request<ReportsEmailed>({
      method: 'POST',
      path: `/admin/resim/${id(resimId)}/instance/${id(instanceId)}/reports/email`,
      quietStatuses: [409],
    }),
});
