import type { ClientLogBody } from '@resim/contracts';

export type ClientLogger = (report: ClientLogBody) => void;

const limits = { message: 2000, path: 2000, page: 2000, stack: 8000 } as const;

const clip = (text: string | undefined, max: number): string | undefined => (text === undefined ? undefined : text.slice(0, max));

/**
 * Reports a failure seen in the browser to the server's log. Fire and forget: a report that
 * cannot be sent is dropped rather than reported again. Reports never carry credentials.
 */
export const createClientLogger =
  (options: { fetch: typeof fetch; baseUrl?: string }): ClientLogger =>
  (report) => {
    // Clipped to the contract's limits, so that a long stack does not cost the whole report.
    const body: ClientLogBody = {
      ...report,
      message: report.message.slice(0, limits.message),
      path: clip(report.path, limits.path),
      page: clip(report.page, limits.page),
      stack: clip(report.stack, limits.stack),
    };
    options
      .fetch(`${options.baseUrl ?? ''}/client-log`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
      })
      .catch(() => undefined);
  };
