import type { Config } from '../../config/config';
import type { SpaceRow, UserRow } from '../../db/schema';
import type { Principal } from '../../identity/principal';
import { createPasswordLink, invitationLinkTtlMs } from '../../identity/issuer/password-reset';
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
 * chooses a password from the link in the email; with an external one the account is matched
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
 * template; answers how many were queued.
 */
export const mailLearners = async (
  ctx: LearnerMailContext,
  options: { space: Pick<SpaceRow, 'id' | 'description'>; emails: readonly string[]; kind: 'invitation' | 'reminder' },
): Promise<number> => {
  const { space, emails, kind } = options;
  const accounts = await accountsOf(ctx, emails);
  const scenarios = kind === 'reminder' ? await repo.findAllocatedNames(ctx.db, space.id, emails) : new Map<string, string[]>();
  const playUrl = `${ctx.config.publicUrl}/play`;
  const recipients = [];
  for (const to of emails) {
    const account = accounts.get(to);
    const newAccount =
      ctx.config.identity.kind === 'embedded' && account !== undefined && !account.password_hash && !account.external_subject;
    // A learner without a password chooses one from the link itself, not by asking for a reset.
    const signInUrl = newAccount
      ? await createPasswordLink({
          db: ctx.db,
          clock: ctx.clock,
          userId: account.id,
          ttlMs: invitationLinkTtlMs,
          publicUrl: ctx.config.publicUrl,
          emailedTo: to,
        })
      : playUrl;
    recipients.push({
      to,
      data: { spaceName: space.description, senderEmail: ctx.principal.email, newAccount, signInUrl, scenarios: scenarios.get(to) ?? [] },
    });
  }
  await sendTemplatedEmails(ctx, {
    templateName: kind === 'invitation' ? 'learner-invitation' : 'learner-reminder',
    senderId: ctx.principal.userId,
    spaceId: space.id,
    recipients,
  });
  await repo.markSent(ctx.db, space.id, emails, kind === 'invitation' ? 'invited_at' : 'reminded_at', iso(ctx.clock));
  return emails.length;
};
