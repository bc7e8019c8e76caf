import { readGroups } from '@resim/domain';
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import { unauthenticated } from '../errors/app-error';
import { iso, type Clock } from '../lib/clock';
import { newId, sha256 } from '../lib/ids';
import { findUserByEmail, findUserById, findUserBySubject, insertUser, updateUser } from '../modules/users/users.repository';
import { userGroups } from '../modules/users/users.service';
import { apiTokenPrefix } from '../modules/tokens/tokens.service';
import type { AuthCache } from './auth-cache';
import type { Principal } from './principal';
import type { TokenVerifier, VerifiedClaims } from './token-verifier';
import type { UserInfoReader } from './user-info';

export type Authenticator = (authorization: string | undefined) => Promise<{ principal: Principal; user: UserRow }>;

const toPrincipal = (user: UserRow, groups: readonly string[]): Principal => {
  const access = readGroups(groups);
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    groups,
    isDeveloper: access.isDeveloper,
    groupSpaceIds: access.spaceIds,
  };
};

// A token's last-use time is written at most once a minute, keeping writes off the hot path.
const lastUseResolutionMs = 60_000;

/**
 * The one authentication path of the API: a personal API token, or an access token from the
 * configured issuer (embedded or external), verified the same way.
 */
export const createAuthenticator = (options: {
  db: Database;
  clock: Clock;
  verify: TokenVerifier;
  /** The embedded issuer's subject is the user id; an external issuer's is its own. */
  subjectIsUserId: boolean;
  cache: AuthCache;
  /** where the email comes from when the access token has none (Cognito's) */
  readUserInfo?: UserInfoReader | undefined;
}): Authenticator => {
  const { db, clock, cache } = options;
  // A subject seen for the first time by several requests at once is linked or created once.
  const firstSights = new Map<string, Promise<UserRow>>();

  const userForClaims = async (claims: VerifiedClaims, token: string): Promise<UserRow> => {
    if (options.subjectIsUserId) {
      const user = await findUserById(db, claims.subject);
      if (!user) throw unauthenticated('The account of this token no longer exists');
      return user;
    }
    const groups = JSON.stringify(claims.groups);
    const known = await findUserBySubject(db, claims.subject);
    if (known) {
      if (known.groups !== groups) {
        await updateUser(db, known.id, { groups, updated_at: iso(clock) });
        return { ...known, groups };
      }
      return known;
    }
    let pending = firstSights.get(claims.subject);
    if (!pending) {
      pending = firstSight(claims, token, groups).finally(() => firstSights.delete(claims.subject));
      firstSights.set(claims.subject, pending);
    }
    return pending;
  };

  /**
   * First sight of an external user: link by email when an invitation created the account. Only
   * an email the issuer has verified links; an unverified one could be anyone's, so its account
   * is created unlinked, and without that email, which a later invitation would otherwise find.
   */
  const firstSight = async (claims: VerifiedClaims, token: string, groups: string): Promise<UserRow> => {
    const known = await findUserBySubject(db, claims.subject);
    if (known) return known;
    const { email, emailVerified } =
      claims.email === undefined && options.readUserInfo ? await options.readUserInfo(token, claims.subject) : claims;
    const placeholder = `${claims.subject}@users.invalid`;
    const trusted = email !== undefined && emailVerified !== false ? email.toLowerCase() : undefined;
    const invited = trusted ? await findUserByEmail(db, trusted) : undefined;
    const now = iso(clock);
    if (invited && !invited.external_subject) {
      await updateUser(db, invited.id, { external_subject: claims.subject, groups, updated_at: now });
      return { ...invited, external_subject: claims.subject, groups };
    }
    return insertUser(db, {
      id: newId(),
      email: trusted && !invited ? trusted : placeholder,
      name: claims.name ?? null,
      password_hash: null,
      groups,
      metadata: '{}',
      external_subject: claims.subject,
      created_at: now,
      updated_at: now,
    });
  };

  const byApiToken = async (token: string) => {
    const row = await db
      .selectFrom('api_tokens')
      .innerJoin('users', 'users.id', 'api_tokens.user_id')
      .selectAll('users')
      .select(['api_tokens.id as token_id', 'api_tokens.last_used_at'])
      .where('api_tokens.token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row) throw unauthenticated('API token is not valid or has been revoked');
    const { token_id: tokenId, last_used_at: lastUsed, ...user } = row;
    const now = clock.now();
    if (!lastUsed || now.getTime() - Date.parse(lastUsed) > lastUseResolutionMs) {
      await db.updateTable('api_tokens').set({ last_used_at: now.toISOString() }).where('id', '=', tokenId).execute();
    }
    return { principal: toPrincipal(user, userGroups(user)), user };
  };

  return async (authorization) => {
    if (!authorization) throw unauthenticated('Sign in to continue: the request has no access token');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw unauthenticated('The Authorization header must be "Bearer <token>"');
    const token = match[1]!;
    const now = clock.now().getTime();
    const cached = cache.get(token, now);
    if (cached) return cached;
    if (token.startsWith(apiTokenPrefix)) {
      const auth = await byApiToken(token);
      cache.set(token, auth, now);
      return auth;
    }
    const claims = await options.verify(token);
    const user = await userForClaims(claims, token);
    // Groups come from the token (SPEC 6), so a change at the issuer applies at the next token.
    const auth = { principal: toPrincipal(user, claims.groups), user };
    cache.set(token, auth, now, claims.expiresAt * 1000);
    return auth;
  };
};
