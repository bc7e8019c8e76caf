import type { EmailSender } from '../../adapters/email/email';
import type { SpaceRow } from '../../db/schema';
import { iso, type Clock } from '../../lib/clock';
import type { Database } from '../../db/database';
import * as repo from './learners.repository';

export type LearnerMailContext = {
  readonly db: Database;
  readonly clock: Clock;
  readonly email: EmailSender;
  readonly productName: string;
  readonly publicUrl: string;
};

/** Invites the learners named to a space's scenarios, or reminds them; answers how many were sent. */
export const mailLearners = async (
  ctx: LearnerMailContext,
  options: { space: Pick<SpaceRow, 'id' | 'description'>; emails: readonly string[]; kind: 'invitation' | 'reminder' },
): Promise<number> => {
  const link = `${ctx.publicUrl}/play`;
  for (const to of options.emails) {
    await ctx.email.send({
      to,
      subject:
        options.kind === 'invitation'
          ? `You are invited to ${options.space.description} in ${ctx.productName}`
          : `Reminder: your scenarios in ${options.space.description} are waiting`,
      text: `Sign in with this email address to play the scenarios given to you: ${link}`,
    });
  }
  await repo.markSent(
    ctx.db,
    options.space.id,
    options.emails,
    options.kind === 'invitation' ? 'invited_at' : 'reminded_at',
    iso(ctx.clock),
  );
  return options.emails.length;
};
