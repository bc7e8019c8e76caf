import type { ok, scormPackage, ScormVersion } from '@resim/contracts';
import { id, type Out, type RequestOptions } from './requester';

type Request = <T>(request: RequestOptions<T>) => Promise<T>;

/**
 * A scenario's SCORM packages: calls apart from the console's client, so that only the dialog
 * that makes packages carries them.
 */
export const scormCalls = (request: Request) => ({
  /** the scenario's packages, newest first */
  list: (resimId: string, signal?: AbortSignal) =>
    request<Out<typeof scormPackage>[]>({ method: 'GET', path: `/admin/resim/${id(resimId)}/scorm`, signal }),
  /** a new package of the scenario, as the zip to hand to an LMS */
  make: (resimId: string, version: ScormVersion) =>
    request<Blob>({
      method: 'POST',
      path: `/admin/resim/${id(resimId)}/scorm`,
      body: { version },
      accept: 'application/zip',
      binary: true,
    }),
  withdraw: (resimId: string, packageId: string) =>
    request<Out<typeof ok>>({ method: 'DELETE', path: `/admin/resim/${id(resimId)}/scorm/${id(packageId)}` }),
});
