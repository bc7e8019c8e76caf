import {
  diffVersions,
  mayEditInSpace,
  scenarioContent,
  scenarioDetails,
  scenarioPartNames,
  type Scenario,
  type ScenarioContent,
} from '@resim/domain';
import type { HistoryPage, PatchResimBody, ScenarioVersion, VersionContent, VersionDiffBody } from '@resim/contracts';
import { AppError, forbidden } from '../../errors/app-error';
import type { SpaceContext } from '../spaces/spaces.service';
import { getAccessibleResim, patchResim } from '../resims/resims.service';
import * as repo from './resim-history.repository';
import { contentJsonAt, type VersionChanges } from './version-store';

const noVersion = (revision: number) => new AppError('not_found', `The scenario's history holds no version ${revision}`);

const toVersion = (row: repo.VersionMeta): ScenarioVersion => {
  const changes = JSON.parse(row.changes) as VersionChanges;
  return {
    revision: row.revision,
    savedAt: row.saved_at,
    author: row.author,
    authorId: row.author_id,
    name: row.name,
    restoredFrom: row.restored_from,
    itemsChanged: changes.count,
    items: changes.items,
    fields: changes.fields,
  };
};

/** GET /admin/resim/{id}/history: the saves, newest first, a page at a time. */
export const listHistory = async (
  ctx: SpaceContext,
  id: string,
  page: { before?: number | undefined; limit: number },
): Promise<HistoryPage> => {
  await getAccessibleResim(ctx, id);
  const rows = await repo.listVersions(ctx.db, { resimId: id, before: page.before, limit: page.limit + 1 });
  const versions = rows.slice(0, page.limit).map(toVersion);
  return { versions, next: rows.length > page.limit ? versions.at(-1)!.revision : null };
};

const versionAt = async (ctx: SpaceContext, id: string, revision: number) => {
  const meta = await repo.findVersionMeta(ctx.db, id, revision);
  const json = meta && (await contentJsonAt(ctx.db, id, revision));
  if (!meta || json === undefined) throw noVersion(revision);
  // Read through the schema, so a version saved before a field existed gets its default.
  return { version: toVersion(meta), content: scenarioContent.parse(JSON.parse(json)) };
};

/** GET /admin/resim/{id}/history/{revision}: the content saved at that revision. */
export const getVersion = async (ctx: SpaceContext, id: string, revision: number): Promise<VersionContent> => {
  await getAccessibleResim(ctx, id);
  return versionAt(ctx, id, revision);
};

/** GET /admin/resim/{id}/history/diff: what changed from one version to the other, in words; from a later one, what going back changes. */
export const diffHistory = async (ctx: SpaceContext, id: string, from: number, to: number): Promise<VersionDiffBody> => {
  await getAccessibleResim(ctx, id);
  const [before, after] = [await versionAt(ctx, id, from), await versionAt(ctx, id, to)];
  const diff = diffVersions(before.content, after.content);
  return { from, to, changes: diff.changes.map((change) => ({ ...change, fields: [...change.fields] })), reordered: [...diff.reordered] };
};

/** The whole content as a PATCH body, so a restore passes every check a save does. */
const patchOf = (content: ScenarioContent, revision: number | undefined): PatchResimBody => {
  const details = Object.fromEntries(Object.keys(scenarioDetails.shape).map((key) => [key, content[key as keyof ScenarioContent]]));
  const parts = Object.fromEntries(scenarioPartNames.map((part) => [part, content[part]]));
  return { ...(revision === undefined ? {} : { revision }), details, ...parts };
};

/**
 * POST /admin/resim/{id}/history/{revision}/restore: the version's content saved as a new
 * revision, never rewriting history; the history names the revision it brought back.
 */
export const restoreVersion = async (
  ctx: SpaceContext,
  id: string,
  revision: number,
  base: number | undefined,
  ifMatch: number | undefined,
): Promise<Scenario> => {
  await getAccessibleResim(ctx, id);
  const { content } = await versionAt(ctx, id, revision);
  return patchResim(ctx, id, patchOf(content, base), ifMatch, revision);
};

/** PUT /admin/resim/{id}/history/{revision}/name: names a version ("used for the March exam") or, blank, removes its name. */
export const nameVersion = async (ctx: SpaceContext, id: string, revision: number, name: string | null): Promise<ScenarioVersion> => {
  const { access } = await getAccessibleResim(ctx, id);
  if (!mayEditInSpace(access.security, access.isOwner)) throw forbidden('This space does not allow editing; ask its owner');
  if (!(await repo.updateVersionName(ctx.db, id, revision, name ? name : null))) throw noVersion(revision);
  return toVersion((await repo.findVersionMeta(ctx.db, id, revision))!);
};
