import { tagProblem, type Accommodation, type AccommodationList, type AccommodationSettings, type LearnersChanged } from '@resim/contracts';
import type { AccommodationRow } from '../../db/schema';
import { badRequest } from '../../errors/app-error';
import { iso } from '../../lib/clock';
import { readEmails, readTags } from '../learners/learner-emails';
import { editableSpace, requireKnown } from '../learners/learners.service';
import { getAccessibleSpace, type SpaceContext } from '../spaces/spaces.service';
import * as repo from './accommodations.repository';
import { settingsColumns } from './learner-accommodations';

/**
 * Accommodations of a space's learners (extra time, untimed play, a later close of the schedule
 * window), per learner or per tag, and what each learner has in effect.
 */

const toAccommodation = (row: AccommodationRow): Accommodation => ({
  kind: row.kind,
  name: row.name,
  extraPercent: row.extra_percent,
  extraMinutes: row.extra_minutes,
  untimed: row.untimed === 1,
  windowMinutes: row.window_minutes,
  updated: row.updated_at,
});

/** GET /admin/space/{id}/accommodation */
export const listAccommodations = async (ctx: SpaceContext, spaceId: string): Promise<AccommodationList> => {
  await getAccessibleSpace(ctx, spaceId);
  const rows = (await repo.findAccommodations(ctx.db, spaceId)).map(toAccommodation);
  return { learners: rows.filter((row) => row.kind === 'learner'), tags: rows.filter((row) => row.kind === 'tag') };
};

/** Tags as learners' tags are stored; any that could not be a learner's tag is refused, named. */
const readAccommodationTags = (raw: readonly string[]): string[] => {
  for (const [index, tag] of raw.entries()) {
    const problem = tagProblem(tag);
    if (problem) throw badRequest(`tags[${index}]: ${problem}; nothing was saved`);
  }
  return readTags(raw);
};

/** The learners and tags a request names: learners must be learners of the space. */
const subjectsOf = async (ctx: SpaceContext, spaceId: string, body: { learners: string[]; tags: string[] }) => {
  const emails = body.learners.length > 0 ? readEmails(body.learners, 'learners') : [];
  const tags = readAccommodationTags(body.tags);
  if (emails.length > 0) await requireKnown(ctx, spaceId, emails);
  return { emails, tags };
};

/** PUT /admin/space/{id}/accommodation: every learner and tag named gets the accommodation, replacing theirs. */
export const setAccommodation = async (
  ctx: SpaceContext,
  spaceId: string,
  body: { learners: string[]; tags: string[]; accommodation: AccommodationSettings },
): Promise<LearnersChanged> => {
  await editableSpace(ctx, spaceId);
  const settings = settingsColumns(body.accommodation, iso(ctx.clock));
  return ctx.db.transaction().execute(async (trx) => {
    const { emails, tags } = await subjectsOf({ ...ctx, db: trx }, spaceId, body);
    await repo.upsertAccommodations(trx, { spaceId, kind: 'learner', names: emails, settings });
    await repo.upsertAccommodations(trx, { spaceId, kind: 'tag', names: tags, settings });
    return { count: emails.length + tags.length };
  });
};

/** DELETE /admin/space/{id}/accommodation: the learners and tags named lose theirs; answers how many had one. */
export const removeAccommodation = async (
  ctx: SpaceContext,
  spaceId: string,
  body: { learners: string[]; tags: string[] },
): Promise<LearnersChanged> => {
  await editableSpace(ctx, spaceId);
  return ctx.db.transaction().execute(async (trx) => {
    const { emails, tags } = await subjectsOf({ ...ctx, db: trx }, spaceId, body);
    const learners = await repo.deleteAccommodations(trx, spaceId, 'learner', emails);
    return { count: learners + (await repo.deleteAccommodations(trx, spaceId, 'tag', tags)) };
  });
};
