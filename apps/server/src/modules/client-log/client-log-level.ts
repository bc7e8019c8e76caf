import type { ClientLogBody } from '@resim/contracts';

/**
 * The level a browser's report is logged at: a request the server refused (4xx: a conflict, a
 * bad field, a missing right) is the user's to put right, not a failure of the product, so it is
 * a warning whatever the browser called it; the rest keep the browser's level.
 */
export const clientLogLevel = (report: Pick<ClientLogBody, 'level' | 'status'>): ClientLogBody['level'] =>
  report.status !== undefined && report.status >= 400 && report.status < 500 ? 'warn' : report.level;
