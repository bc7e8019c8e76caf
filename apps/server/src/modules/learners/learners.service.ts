import {
  normaliseEmail,
  type AccommodationSettings,
  type AddLearnersResult,
  type Allocation,
  type Learner,
  type LearnersChanged,
} from '@resim/contracts';
import type { Config } from '../../config/config';
import type { Database, Dialect } from '../../db/database';
import { badRequest } from '../../errors/app-error';
import { iso } from '../../lib/clock';
import { readJson } from '../../lib/json';
import { requireFreeAllowance } from '../billing/billing.service';
import { getAccessibleSpace, requireEdit, type SpaceContext } from '../spaces/spaces.service';
import { readEmails, readTags } from './learner-emails';
import { mailLearners, type LearnerMailContext } from './learner-mail';
import * as repo from './learners.repository';
import { deleteLearnerAccommodations, findApplyingInSpace } from '../accommodations/accommodations.repository';
import { effectiveByLearner, storeLearnerAccommodations } from '../accommodations/learner-accommodations';

export type LearnersContext = SpaceContext & LearnerMailContext & { readonly dialect: Dialect; readonly config: Pick<Config, 'billing'> };

const shownAtMost = 10;

const tagsOf = (row: { tags: string }): string[] => readJson<string[]>(row.tags, []);

/** A space the caller may change the learners of. */
export const editableSpace = async (ctx: SpaceContext, spaceId: string) => {
  const access = await getAccessibleSpace(ctx, spaceId);
  requireEdit(access);
  return access.space;
};

/** The learners named, all of whom must be in the space: else the request is refused, naming those who are not. */
export const requireKnown = async (ctx: SpaceContext, spaceId: string, emails: readonly string[]) => {
  const rows = await repo.findLearnersByEmail(ctx.db, spaceId, emails);
  const known = new Set(rows.map((row) => row.email));
  const unknown = emails.filter((email) => !known.has(email));
  if (unknown.length > 0) {
    const more = unknown.length > shownAtMost ? ` and ${unknown.length - shownAtMost} more` : '';
    throw badRequest(
      `Not learners of this space: ${unknown.slice(0, shownAtMost).join(', ')}${more}; add them first (nothing was changed)`,
    );
  }
  return rows;
};

export const listLearners = async (ctx: SpaceContext, spaceId: string): Promise<Learner[]> => {
  await getAccessibleSpace(ctx, spaceId);
  const [rows, allocations, applying] = await Promise.all([
    repo.findLearners(ctx.db, spaceId),
    repo.findAllocations(ctx.db, spaceId),
    findApplyingInSpace(ctx.db, spaceId),
  ]);
  const accommodations = effectiveByLearner(applying);
  const resimsOf = new Map<string, string[]>();
  for (const allocation of allocations) {
    const list = resimsOf.get(allocation.email) ?? [];
    list.push(allocation.resim_id);
    resimsOf.set(allocation.email, list);
  }
  return rows.map((row) => ({
    email: row.email,
    tags: tagsOf(row),
    created: row.created_at,
    invited: row.invited_at,
    reminded: row.reminded_at,
    resims: resimsOf.get(row.email) ?? [],
    accommodation: accommodations.get(row.email) ?? null,
  }));
};

/**
 * Adds learners with the tags given to all and their own; learners already there keep theirs and
 * gain these. With `notify`, each learner named is sent an invitation.
 */
export const addLearners = async (
  ctx: LearnersContext,
  spaceId: string,
  body: {
    tags: string[];
    notify: boolean;
    learners: { email: string; tags?: string[] | undefined; accommodation?: AccommodationSettings | undefined }[];
  },
): Promise<AddLearnersResult> => {
  const space = await editableSpace(ctx, spaceId);
  const emails = readEmails(
    body.learners.map((entry) => entry.email),
    'learners',
  );
  const tags = readTags(body.tags);
  // A learner named twice gets the tags of both lines.
  const tagsFor = new Map<string, string[]>();
  for (const entry of body.learners) {
    const email = normaliseEmail(entry.email);
    tagsFor.set(email, readTags([...(tagsFor.get(email) ?? tags), ...(entry.tags ?? [])]));
  }
  // A learner given an accommodation on a line has it as their own; named twice, the last line's wins.
  const accommodationFor = new Map<string, AccommodationSettings>();
  for (const entry of body.learners) if (entry.accommodation) accommodationFor.set(normaliseEmail(entry.email), entry.accommodation);
  const now = iso(ctx.clock);
  const merged = await ctx.db.transaction().execute(async (trx) => {
    const existing = await repo.findLearnersByEmail(trx, spaceId, emails);
    const there = new Set(existing.map((row) => row.email));
    await repo.insertLearners(
      trx,
      emails
        .filter((email) => !there.has(email))
        .map((email) => ({
          space_id: spaceId,
          email,
          tags: JSON.stringify(tagsFor.get(email) ?? tags),
          created_at: now,
          updated_at: now,
          invited_at: null,
          reminded_at: null,
        })),
    );
    // Learners with the same tags after are changed together: one statement per distinct set.
    const byTags = new Map<string, string[]>();
    for (const row of existing) {
      const next = JSON.stringify(readTags([...tagsOf(row), ...(tagsFor.get(row.email) ?? tags)]));
      if (next !== row.tags) byTags.set(next, [...(byTags.get(next) ?? []), row.email]);
    }
    for (const [next, group] of byTags) await repo.setTags(trx, spaceId, group, next, now);
    await storeLearnerAccommodations(trx, spaceId, accommodationFor, now);
    return existing.length;
  });
  const notified = body.notify ? await mailLearners(ctx, { space, emails, kind: 'invitation' }) : 0;
  return { added: emails.length - merged, merged: body.learners.length - (emails.length - merged), notified };
};

/** Sets, adds or removes tags of the learners named. */
export const tagLearners = async (
  ctx: SpaceContext,
  spaceId: string,
  body: { learners: string[]; tags: string[]; mode: 'set' | 'add' | 'remove' },
): Promise<LearnersChanged> => {
  await editableSpace(ctx, spaceId);
  const emails = readEmails(body.learners, 'learners');
  const tags = readTags(body.tags);
  const now = iso(ctx.clock);
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await requireKnown({ ...ctx, db: trx }, spaceId, emails);
    if (body.mode === 'set') {
      await repo.setTags(trx, spaceId, emails, JSON.stringify(tags), now);
      return;
    }
    const byTags = new Map<string, string[]>();
    for (const row of rows) {
      const current = tagsOf(row);
      const next = JSON.stringify(body.mode === 'add' ? [...new Set([...current, ...tags])] : current.filter((tag) => !tags.includes(tag)));
      byTags.set(next, [...(byTags.get(next) ?? []), row.email]);
    }
    for (const [next, group] of byTags) await repo.setTags(trx, spaceId, group, next, now);
  });
  return { count: emails.length };
};

export const removeLearners = async (ctx: SpaceContext, spaceId: string, learners: string[]): Promise<LearnersChanged> => {
  await editableSpace(ctx, spaceId);
  const emails = readEmails(learners, 'learners');
  await ctx.db.transaction().execute(async (trx) => {
    await requireKnown({ ...ctx, db: trx }, spaceId, emails);
    await repo.inBatches(emails, (batch) => deleteLearnerAccommodations(trx, spaceId, batch));
    await repo.deleteLearners(trx, spaceId, emails);
  });
  return { count: emails.length };
};

/** Sends the learners named a reminder of their invitation. */
export const remindLearners = async (ctx: LearnersContext, spaceId: string, learners: string[]): Promise<LearnersChanged> => {
  const space = await editableSpace(ctx, spaceId);
  const emails = readEmails(learners, 'learners');
  await requireKnown(ctx, spaceId, emails);
  return { count: await mailLearners(ctx, { space, emails, kind: 'reminder' }) };
};

export const listAllocations = async (ctx: SpaceContext, spaceId: string): Promise<Allocation[]> => {
  await getAccessibleSpace(ctx, spaceId);
  return (await repo.findAllocations(ctx.db, spaceId)).map((row) => ({ email: row.email, resimId: row.resim_id, created: row.created_at }));
};

/** Scenarios named that are not in the space: the request is refused, naming them. */
const requireScenariosOfSpace = async (ctx: SpaceContext, spaceId: string, resimIds: readonly string[]) => {
  const found = await repo.findResimIdsInSpace(ctx.db, spaceId, resimIds);
  const others = resimIds.filter((id) => !found.has(id));
  if (others.length > 0) throw badRequest(`Not scenarios of this space: ${others.join(', ')}; nothing was changed`);
};

/**
 * Checks that every learner and scenario named belongs to the space, then writes the change for
 * every pair of them in the same transaction.
 */
const changeAllocations = async (
  ctx: SpaceContext,
  spaceId: string,
  body: { learners: string[]; resims: string[] },
  write: (trx: Database, emails: string[], resimIds: string[], space: { id: string; description: string }) => Promise<unknown>,
): Promise<LearnersChanged> => {
  const space = await editableSpace(ctx, spaceId);
  const emails = readEmails(body.learners, 'learners');
  const resimIds = [...new Set(body.resims)];
  await ctx.db.transaction().execute(async (trx) => {
    await requireKnown({ ...ctx, db: trx }, spaceId, emails);
    await requireScenariosOfSpace({ ...ctx, db: trx }, spaceId, resimIds);
    await write(trx, emails, resimIds, space);
  });
  return { count: emails.length * resimIds.length };
};

/**
 * Gives every learner named every scenario named; those already given stay as they are. Refused
 * whole when the space would have more learners without a slot of the right plan than it allows.
 */
export const allocate = (
  ctx: SpaceContext & { readonly dialect: Dialect; readonly config: Pick<Config, 'billing'> },
  spaceId: string,
  body: { learners: string[]; resims: string[] },
) =>
  changeAllocations(ctx, spaceId, body, async (trx, emails, resimIds, space) => {
    await repo.insertAllocations(trx, ctx.dialect, { spaceId, emails, resimIds, now: iso(ctx.clock) });
    await requireFreeAllowance(trx, ctx.dialect, space, ctx.config.billing.freeLearnersPerSpace);
  });

export const deallocate = (ctx: SpaceContext, spaceId: string, body: { learners: string[]; resims: string[] }) =>
  changeAllocations(ctx, spaceId, body, (trx, emails, resimIds) => repo.deleteAllocations(trx, spaceId, emails, resimIds));
