import type { Config } from '../../config/config';
import type { SpaceRow, UserRow } from '../../db/schema';
import type { Principal } from '../../identity/principal';
import { sendFirstPasswordLinks } from '../../identity/issuer/password-reset';
import { iso, type Clock } from '../../lib/clock';
import { sendTemplatedEmails, type TemplatedEmailContext } from '../email-templates/send-templated-email';
import { createUser } from '../users/users.service';
import * as repo from './learners.repository';

export type LearnerMailContext = TemplatedEmailContext & {
  readonly clock: Clock;
  readonly principal: Principal;
  readonly config: Pick<Config, 'productName' | 'publicUrl' | 'identity'>;
};

/**
 * The learners' accounts, made for those who have none: with the embedded sign-in a learner
 * chooses a password from the link emailed to them; with an external one the account is matched
 * by email at first sign-in.
 */
const accountsOf = async (ctx: LearnerMailContext, emails: readonly string[]): Promise<Map<string, UserRow>> => {
  const accounts = new Map((await repo.findUsersByEmail(ctx.db, emails)).map((user) => [user.email, user]));
  if (ctx.config.identity.kind === 'embedded') {
    for (const email of emails) if (!accounts.has(email)) accounts.set(email, await createUser({ db: ctx.db, clock: ctx.clock, email }));
  }
  return accounts;
};

/**
 * Invites the learners named to a space (learner-invitation), or reminds them of the scenarios
 * given to them there (learner-reminder), each rendered from the sender's version of the
 * template; answers how many were queued. The email reads the same whether or not the address has
 * an account or a password, since its sender and the space's members may read it in the outbox: a
 * learner with no password yet is sent the link to choose one in an email of its own.
 */
export const mailLearners = async (
  ctx: LearnerMailContext,
  options: { space: Pick<SpaceRow, 'id' | 'description'>; emails: readonly string[]; kind: 'invitation' | 'reminder' },
): Promise<number> => {
  const { space, emails, kind } = options;
  const accounts = await accountsOf(ctx, emails);
  const scenarios = kind === 'reminder' ? await repo.findAllocatedNames(ctx.db, space.id, emails) : new Map<string, string[]>();
  const signInUrl = `${ctx.config.publicUrl}/play`;
  await sendTemplatedEmails(ctx, {
    templateName: kind === 'invitation' ? 'learner-invitation' : 'learner-reminder',
    senderId: ctx.principal.userId,
    spaceId: space.id,
    recipients: emails.map((to) => ({
      to,
      data: { spaceName: space.description, senderEmail: ctx.principal.email, signInUrl, scenarios: scenarios.get(to) ?? [] },
    })),
  });
  await sendFirstPasswordLinks({
    ...ctx,
    senderEmail: ctx.principal.email,
    what:
      kind === 'invitation'
        ? `invited you to take part in the simulations of "${space.description}"`
        : `reminded you of the simulations waiting for you in "${space.description}"`,
    accounts: emails.flatMap((to) => accounts.get(to) ?? []),
  });
  await repo.markSent(ctx.db, space.id, emails, kind === 'invitation' ? 'invited_at' : 'reminded_at', iso(ctx.clock));
  return emails.length;
};
