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
  /** the scenario's runs changed: a learner joined, took a step, connected or left, or a session stopped them */
  z.strictObject({ type: z.literal('changed'), resimId: z.string() }),
  /** a refused message; `resimId` when a subscription was refused */
  z.strictObject({ type: z.literal('error'), code: z.string(), message: z.string(), resimId: z.string().optional() }),
  z.strictObject({ type: z.literal('pong') }),
]);
export type ConsoleServerMessage = z.infer<typeof consoleServerMessage>;
