import { scenarioContent } from '@resim/domain';
import type { HistoryPage, ScenarioVersion, VersionContent } from '@resim/contracts';
import { AppError } from '../../errors/app-error';
import type { SpaceContext } from '../spaces/spaces.service';
import { getAccessibleResim } from '../resims/resims.service';
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
