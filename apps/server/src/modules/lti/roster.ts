import { isEmailAddress, normaliseEmail, type LtiRoster } from '@resim/contracts';
import { conflict, notFound } from '../../errors/app-error';
import { iso } from '../../lib/clock';
import { findLearnersByEmail, insertLearners } from '../learners/learners.repository';
import { getAccessibleSpace, requireEdit, type SpaceContext } from '../spaces/spaces.service';
import { roleOf } from './id-token';
import * as repo from './lti.repository';
import { answerOf, PlatformAnswer, platformFetch, rosterScope, type PlatformTokens } from './platform-token';

/** Pages of one course's roster read at most: a course of a thousand members per page is a large one. */
const maxPages = 50;

type Member = { readonly user_id?: unknown; readonly email?: unknown; readonly roles?: unknown; readonly status?: unknown };

/** The next page of a roster, from its Link header (NRPS 2.0, 2.4.2). */
const nextPage = (link: string | null): string | null => /<([^>]+)>\s*;\s*rel="?next"?/i.exec(link ?? '')?.[1] ?? null;

/**
 * Pulls the rosters of the platform's courses seen at launch (Names and Role Provisioning
 * Services 2.0) into the space's learners: each active learner the platform names with an email
 * becomes a learner of the space; teachers are left to join by launching.
 */
export const pullRoster = async (
  ctx: SpaceContext & { readonly tokens: PlatformTokens },
  spaceId: string,
  platformId: string,
): Promise<LtiRoster> => {
  requireEdit(await getAccessibleSpace(ctx, spaceId));
  const platform = await repo.findPlatform(ctx.db, platformId);
  if (!platform || platform.space_id !== spaceId) throw notFound('Learning platform');
  const courses = await repo.findContexts(ctx.db, platformId);
  if (courses.length === 0)
    throw conflict(
      `No course of ${platform.name} has launched a scenario with its roster service yet: the roster's address comes with a launch`,
    );
  const emails = new Set<string>();
  let withoutEmail = 0;
  for (const course of courses) {
    let url: string | null = course.memberships_url;
    for (let page = 0; url && page < maxPages; page += 1) {
      const what = `Reading the roster of ${course.title}`;
      try {
        const token = await ctx.tokens.tokenFor(platform, rosterScope);
        const response = await platformFetch(
          url,
          { headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json' } },
          what,
        );
        if (!response.ok) {
          if (response.status === 401) ctx.tokens.forget(platform, rosterScope);
          throw await answerOf(response, what);
        }
        const body = (await response.json().catch(() => ({}))) as { members?: unknown };
        for (const member of (Array.isArray(body.members) ? body.members : []) as Member[]) {
          const roles = Array.isArray(member.roles) ? member.roles.filter((role): role is string => typeof role === 'string') : [];
          if ((member.status !== undefined && member.status !== 'Active') || roleOf(roles) !== 'learner') continue;
          if (typeof member.email === 'string' && isEmailAddress(normaliseEmail(member.email))) emails.add(normaliseEmail(member.email));
          else withoutEmail += 1;
        }
        url = nextPage(response.headers.get('link'));
      } catch (error) {
        if (error instanceof PlatformAnswer) throw conflict(error.message);
        throw error;
      }
    }
  }
  const now = iso(ctx.clock);
  const there = new Set((await findLearnersByEmail(ctx.db, spaceId, [...emails])).map((row) => row.email));
  const added = [...emails].filter((email) => !there.has(email));
  await insertLearners(
    ctx.db,
    added.map((email) => ({ space_id: spaceId, email, tags: '[]', created_at: now, updated_at: now, invited_at: null, reminded_at: null })),
  );
  return { courses: courses.length, learners: emails.size, added: added.length, withoutEmail };
};
