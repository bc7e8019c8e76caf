import { mayEditInSpace, resolveSecurity, type SecurityFlag } from '@resim/domain';
import type { Space, SpaceUser } from '@resim/contracts';
import type { Config } from '../../config/config';
import type { Database } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors/app-error';
import { sendFirstPasswordLinks } from '../../identity/issuer/password-reset';
import type { Principal } from '../../identity/principal';
import { iso, type Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { readJson } from '../../lib/json';
import { sendTemplatedEmail } from '../email-templates/send-templated-email';
import type { EmailSender } from '../outbox/email-queue';
import { findUserById } from '../users/users.repository';
import { findOrInviteUser } from '../users/users.service';
import * as repo from './spaces.repository';

export type SpaceContext = { db: Database; clock: Clock; principal: Principal };

export type Accessible = { space: repo.SpaceWithOwner; isOwner: boolean; security: ReturnType<typeof resolveSecurity> };

export const toSpace = (row: repo.SpaceWithOwner, userId: string): Space => ({
  id: row.id,
  description: row.description,
  owner: row.owner_email,
  isOwner: row.owner_id === userId,
  security: resolveSecurity(readJson(row.security, {})),
  created: row.created_at,
});

/** A space the caller may see; one they are not in is reported exactly like one that does not exist. */
export const getAccessibleSpace = async (ctx: SpaceContext, spaceId: string): Promise<Accessible> => {
  const space = await repo.findSpaceById(ctx.db, spaceId);
  if (!space) throw notFound('Space');
  const { principal } = ctx;
  const isOwner = space.owner_id === principal.userId;
  if (!isOwner && !principal.groupSpaceIds.includes(space.id) && !(await repo.isMember(ctx.db, space.id, principal.userId))) {
    throw notFound('Space');
  }
  return { space, isOwner, security: resolveSecurity(readJson(space.security, {})) };
};

const requireOwner = (access: Accessible, what: string): void => {
  if (!access.isOwner) throw forbidden(`Only the owner of this space can ${what}`);
};

export const requireEdit = (access: Accessible): void => {
  if (!mayEditInSpace(access.security, access.isOwner)) throw forbidden('This space does not allow editing; ask its owner');
};

/** Listing them is how a member added by email first sees their spaces: from then on the others there see their name. */
export const listSpaces = async (ctx: SpaceContext): Promise<Space[]> => {
  await repo.acceptMemberships(ctx.db, ctx.principal.userId, iso(ctx.clock));
  return (await repo.findSpacesOfUser(ctx.db, ctx.principal.userId, ctx.principal.groupSpaceIds)).map((row) =>
    toSpace(row, ctx.principal.userId),
  );
};

/** SPEC 6: the creator owns the new space. */
export const createSpace = async (ctx: SpaceContext, description: string): Promise<Space> => {
  const id = newId();
  await repo.insertSpace(ctx.db, { id, description, owner_id: ctx.principal.userId, security: '{}', created_at: iso(ctx.clock) });
  return toSpace((await repo.findSpaceById(ctx.db, id))!, ctx.principal.userId);
};

export const renameSpace = async (ctx: SpaceContext, spaceId: string, description: string): Promise<Space> => {
  const access = await getAccessibleSpace(ctx, spaceId);
  requireEdit(access);
  await repo.updateSpace(ctx.db, spaceId, { description });
  return toSpace({ ...access.space, description }, ctx.principal.userId);
};

export const deleteSpace = async (ctx: SpaceContext, spaceId: string): Promise<void> => {
  const access = await getAccessibleSpace(ctx, spaceId);
  requireOwner(access, 'delete it');
  await ctx.db.transaction().execute(async (trx) => {
    const scenarios = await repo.countScenariosInSpace(trx, spaceId);
    if (scenarios > 0) {
      throw conflict(`This space still holds ${scenarios} scenario${scenarios === 1 ? '' : 's'}; move or delete them first`);
    }
    await repo.deleteSpaceRow(trx, spaceId);
  });
};

/** SPEC 6: flags not given are stored as absent, which reads as true. */
export const setSecurity = async (ctx: SpaceContext, spaceId: string, flags: Partial<Record<SecurityFlag, boolean>>): Promise<Space> => {
  const access = await getAccessibleSpace(ctx, spaceId);
  requireOwner(access, 'change its security');
  const security = JSON.stringify(flags);
  await repo.updateSpace(ctx.db, spaceId, { security });
  return toSpace({ ...access.space, security }, ctx.principal.userId);
};

export type InviteContext = SpaceContext & { email: EmailSender; config: Pick<Config, 'productName' | 'publicUrl' | 'identity'> };

/**
 * The space-invitation or space-owner template, as the inviting user has it, reading the same
 * whether or not the address had an account: the sender and the space's members may read it in
 * the outbox. An account of the embedded sign-in that has no password yet is sent a link to choose
 * one in an email of its own, which only its recipient (and developers) can read; it chooses its
 * password from that link rather than by asking for a reset.
 */
const sendInvitation = async (ctx: InviteContext, invitation: { user: UserRow; space: repo.SpaceWithOwner; owner: boolean }) => {
  const { user, space } = invitation;
  await sendTemplatedEmail(ctx, {
    templateName: invitation.owner ? 'space-owner' : 'space-invitation',
    senderId: ctx.principal.userId,
    spaceId: space.id,
    to: user.email,
    data: { spaceName: space.description, senderEmail: ctx.principal.email, signInUrl: `${ctx.config.publicUrl}/` },
  });
  await sendFirstPasswordLinks({
    ...ctx,
    senderEmail: ctx.principal.email,
    what: invitation.owner ? `handed the space "${space.description}" over to you` : `added you to the space "${space.description}"`,
    accounts: [user],
  });
};

/** Hands the space to another user, inviting them if they have no account; the old owner stays a member. */
export const transferOwnership = async (ctx: InviteContext, spaceId: string, email: string): Promise<Space> => {
  const access = await getAccessibleSpace(ctx, spaceId);
  requireOwner(access, 'hand it over');
  const user = await ctx.db.transaction().execute(async (trx) => {
    const { user: invited } = await findOrInviteUser({ db: trx, clock: ctx.clock, email });
    if (invited.id !== access.space.owner_id) {
      const now = iso(ctx.clock);
      await repo.updateSpace(trx, spaceId, { owner_id: invited.id });
      // The old owner has seen the space: the others keep seeing their name.
      await repo.addMember(trx, { spaceId, userId: access.space.owner_id, now, acceptedAt: now });
      await repo.removeMember(trx, spaceId, invited.id);
    }
    return invited;
  });
  if (user.id !== access.space.owner_id) await sendInvitation(ctx, { user, space: access.space, owner: true });
  return toSpace({ ...access.space, owner_id: user.id, owner_email: user.email }, ctx.principal.userId);
};

/**
 * The owner first, then everyone else by email; each says whether a sign-in group gives them the
 * space. A member added by email who has not yet signed in and seen it is pending: shown by the
 * email they were added by alone, whether or not it had an account, so that adding someone tells
 * no one whose the address is.
 */
const usersOf = async (ctx: SpaceContext, access: Accessible): Promise<SpaceUser[]> => {
  const spaceId = access.space.id;
  const [owner, members, groupUsers] = await Promise.all([
    findUserById(ctx.db, access.space.owner_id),
    repo.findMembers(ctx.db, spaceId),
    repo.findGroupUsers(ctx.db, spaceId),
  ]);
  const fromGroup = new Set(groupUsers.map((user) => user.id));
  // The caller's groups are those of the token in hand, which may be newer than the stored ones.
  if (ctx.principal.groupSpaceIds.includes(spaceId)) fromGroup.add(ctx.principal.userId);
  const caller = { id: ctx.principal.userId, email: ctx.principal.email, name: ctx.principal.name, accepted_at: null };
  const others = new Map<string, { id: string; email: string; name: string | null; accepted_at: string | null }>();
  for (const user of [
    ...members,
    ...groupUsers.map((user) => ({ ...user, accepted_at: null })),
    ...(fromGroup.has(caller.id) ? [caller] : []),
  ]) {
    if (user.id !== access.space.owner_id && !others.has(user.id)) others.set(user.id, user);
  }
  return [
    {
      id: access.space.owner_id,
      email: access.space.owner_email,
      name: owner?.name ?? null,
      isOwner: true,
      fromGroup: fromGroup.has(access.space.owner_id),
      pending: false,
    },
    ...[...others.values()]
      .sort((a, b) => a.email.localeCompare(b.email))
      .map(({ id, email, name, accepted_at }) => {
        // A sign-in group names the space for them: they are not waiting on anyone's invitation.
        const pending = !fromGroup.has(id) && accepted_at === null;
        return { id, email, name: pending ? null : name, isOwner: false, fromGroup: fromGroup.has(id), pending };
      }),
  ];
};

export const listSpaceUsers = async (ctx: SpaceContext, spaceId: string): Promise<SpaceUser[]> =>
  usersOf(ctx, await getAccessibleSpace(ctx, spaceId));

/**
 * Adds a user by email and emails them. The answer is their line of the list, no more: for an
 * address new to the space it reads the same whether or not the address had an account.
 */
export const addSpaceUser = async (ctx: InviteContext, spaceId: string, email: string): Promise<SpaceUser> => {
  const access = await getAccessibleSpace(ctx, spaceId);
  requireEdit(access);
  const user = await ctx.db.transaction().execute(async (trx) => {
    const { user: found } = await findOrInviteUser({ db: trx, clock: ctx.clock, email });
    if (found.id !== access.space.owner_id) await repo.addMember(trx, { spaceId, userId: found.id, now: iso(ctx.clock), acceptedAt: null });
    return found;
  });
  if (user.id !== access.space.owner_id) await sendInvitation(ctx, { user, space: access.space, owner: false });
  return (await usersOf(ctx, access)).find((listed) => listed.id === user.id)!;
};

export const removeSpaceUser = async (ctx: SpaceContext, spaceId: string, userId: string): Promise<void> => {
  const access = await getAccessibleSpace(ctx, spaceId);
  if (userId === access.space.owner_id) throw conflict('The owner cannot be removed; hand the space to someone else first');
  if (userId !== ctx.principal.userId) requireEdit(access);
  const groupUser = (await repo.findGroupUsers(ctx.db, spaceId)).find((user) => user.id === userId);
  if (groupUser) {
    throw conflict(
      `${groupUser.email} is in this space through a sign-in group that names it; remove them from that group at the identity provider`,
    );
  }
  if (!(await repo.removeMember(ctx.db, spaceId, userId))) throw notFound('User in this space');
};
