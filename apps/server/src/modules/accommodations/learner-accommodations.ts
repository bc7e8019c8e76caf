import { normaliseEmail, type AccommodationSettings, type EffectiveAccommodation } from '@resim/contracts';
import type { TimeAllowance } from '@resim/domain';
import type { Database } from '../../db/database';
import * as repo from './accommodations.repository';

/** What a learner has in effect, resolved from the accommodations stored, and the time allowance a run of theirs starts with. */

export const settingsColumns = (settings: AccommodationSettings, now: string) => ({
  extra_percent: settings.extraPercent,
  extra_minutes: settings.extraMinutes,
  untimed: settings.untimed ? 1 : 0,
  window_minutes: settings.windowMinutes,
  updated_at: now,
});

/** Stores the learners' own accommodations (of learners of the space) in the transaction given. */
export const storeLearnerAccommodations = async (
  db: Database,
  spaceId: string,
  byLearner: ReadonlyMap<string, AccommodationSettings>,
  now: string,
): Promise<void> => {
  // Learners with the same settings are written together: one statement per distinct setting.
  const groups = new Map<string, { settings: AccommodationSettings; emails: string[] }>();
  for (const [email, settings] of byLearner) {
    const key = JSON.stringify(settings);
    const group = groups.get(key) ?? { settings, emails: [] };
    group.emails.push(email);
    groups.set(key, group);
  }
  for (const { settings, emails } of groups.values())
    await repo.upsertAccommodations(db, { spaceId, kind: 'learner', names: emails, settings: settingsColumns(settings, now) });
};

/**
 * What a learner has in effect among the accommodations that apply to them: their own when they
 * have one; else the most generous of their tags' (the most of each number, untimed if any is),
 * naming the tags it comes from. Null when none applies.
 */
export const effectiveOf = (rows: readonly repo.ApplyingRow[]): EffectiveAccommodation | null => {
  const own = rows.find((row) => row.kind === 'learner');
  if (own)
    return {
      extraPercent: own.extra_percent,
      extraMinutes: own.extra_minutes,
      untimed: own.untimed === 1,
      windowMinutes: own.window_minutes,
      from: 'learner',
    };
  const tags = rows.filter((row) => row.kind === 'tag').toSorted((a, b) => a.name.localeCompare(b.name));
  if (tags.length === 0) return null;
  return {
    extraPercent: Math.max(...tags.map((row) => row.extra_percent)),
    extraMinutes: Math.max(...tags.map((row) => row.extra_minutes)),
    untimed: tags.some((row) => row.untimed === 1),
    windowMinutes: Math.max(...tags.map((row) => row.window_minutes)),
    from: tags.map((row) => row.name),
  };
};

/** Each learner's accommodation in effect, by email, from the rows that apply to them. */
export const effectiveByLearner = (rows: readonly repo.ApplyingRow[]): Map<string, EffectiveAccommodation> => {
  const byEmail = new Map<string, repo.ApplyingRow[]>();
  for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
  const effective = new Map<string, EffectiveAccommodation>();
  for (const [email, own] of byEmail) {
    const found = effectiveOf(own);
    if (found) effective.set(email, found);
  }
  return effective;
};

/** The learners' accommodations in effect in a space, by email (those with none are left out). */
export const accommodationsOf = async (db: Database, spaceId: string, emails: readonly string[]) =>
  effectiveByLearner(await repo.findApplying(db, spaceId, emails));

/** A learner's accommodation in effect in a space; null for none, or for a run with no known learner. */
export const accommodationOf = async (db: Database, spaceId: string, email: string | null): Promise<EffectiveAccommodation | null> => {
  if (email === null) return null;
  const learner = normaliseEmail(email);
  return (await accommodationsOf(db, spaceId, [learner])).get(learner) ?? null;
};

/** The time allowance a run of a learner with this accommodation starts with (its window is the schedule's business). */
export const allowanceOf = (accommodation: EffectiveAccommodation | null | undefined): TimeAllowance | null =>
  accommodation
    ? { untimed: accommodation.untimed, extraPercent: accommodation.extraPercent, extraSeconds: accommodation.extraMinutes * 60 }
    : null;
