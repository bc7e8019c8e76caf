import { z } from 'zod';

/**
 * WebSocket /admin/socket: the console's live channel. Its first message authenticates with the
 * console's access token (or an API token); then it subscribes to the scenarios it shows, each
 * authorised by space. The server pushes a scenario's new run status and a word that its runs
 * changed; the console reads afresh what it shows, and keeps polling as the fallback.
 */
export const consoleClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), token: z.string().min(1).max(4000) }),
  z.strictObject({ type: z.literal('subscribe'), resimId: z.string().min(1).max(100) }),
  z.strictObject({ type: z.literal('unsubscribe'), resimId: z.string().min(1).max(100) }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type ConsoleClientMessage = z.infer<typeof consoleClientMessage>;

export const consoleServerMessage = z.discriminatedUnion('type', [
  /** the token was accepted: subscriptions may follow */
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('subscribed'), resimId: z.string() }),
  /** the scenario's run status changed (SPEC 4) */
  z.strictObject({ type: z.literal('status'), resimId: z.string(), status: z.number().int() }),
  /**
   * the scenario's runs changed: learners joined, took steps, or a session started or stopped them
   * (`runs`: how many runs, since the last notice); or learners connected or left (`connections`).
   * Notices come a few times a second at most, however many learners act.
   */
  z.strictObject({
    type: z.literal('changed'),
    resimId: z.string(),
    runs: z.number().int().optional(),
    connections: z.boolean().optional(),
  }),
  /** how far a Start or Stop has gone through the session's runs; `done` reaches `total` at the end */
  z.strictObject({
    type: z.literal('progress'),
    resimId: z.string(),
    task: z.enum(['start', 'stop']),
    done: z.number().int(),
    total: z.number().int(),
  }),
  /** a refused message; `resimId` when a subscription was refused */
  z.strictObject({ type: z.literal('error'), code: z.string(), message: z.string(), resimId: z.string().optional() }),
  z.strictObject({ type: z.literal('pong') }),
]);
export type ConsoleServerMessage = z.infer<typeof consoleServerMessage>;
