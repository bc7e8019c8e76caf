import {
  presenterPanels,
  presenterThemes,
  standardPresenterLayout,
  type CreatePresenterViewBody,
  type PatchPresenterViewBody,
  type PresenterPanel,
  type PresenterTheme,
  type PresenterView,
  type SavedPresenterView,
} from '@resim/contracts';
import { mayEditInSpace } from '@resim/domain';
import type { Database } from '../../db/database';
import type { PresenterViewRow } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors/app-error';
import { iso } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { readJson } from '../../lib/json';
import { getAccessibleResim } from '../resims/resims.service';
import type { SpaceContext } from '../spaces/spaces.service';
import * as repo from './presenter-views.repository';

const isPanel = (value: unknown): value is PresenterPanel => presenterPanels.includes(value as PresenterPanel);

const toView = (row: PresenterViewRow): SavedPresenterView => ({
  id: row.id,
  resimId: row.resim_id,
  name: row.name,
  panels: readJson<unknown[]>(row.panels, []).filter(isPanel),
  hideNames: row.hide_names === 1,
  theme: presenterThemes.includes(row.theme as PresenterTheme) ? (row.theme as PresenterTheme) : standardPresenterLayout.theme,
  isDefault: row.is_default === 1,
  created: row.created_at,
  updated: row.updated_at,
});

/** Writing a scenario's views takes the space's edit rights, as any other change to the scenario. */
const editableResim = async (ctx: SpaceContext, resimId: string) => {
  const { row, access } = await getAccessibleResim(ctx, resimId);
  if (!mayEditInSpace(access.security, access.isOwner)) throw forbidden('This space does not allow editing; ask its owner');
  return row;
};

/** GET /admin/resim/{id}/presenter: the scenario's saved views, oldest first. */
export const listPresenterViews = async (ctx: SpaceContext, resimId: string): Promise<SavedPresenterView[]> => {
  const { row } = await getAccessibleResim(ctx, resimId);
  return (await repo.findViewsOfResim(ctx.db, row.id)).map(toView);
};

/** POST /admin/presenter */
export const createPresenterView = async (ctx: SpaceContext, body: CreatePresenterViewBody): Promise<SavedPresenterView> => {
  const resim = await editableResim(ctx, body.resimId);
  const now = iso(ctx.clock);
  const row: PresenterViewRow = {
    id: newId(),
    resim_id: resim.id,
    name: body.name,
    panels: JSON.stringify(body.panels),
    hide_names: body.hideNames ? 1 : 0,
    theme: body.theme ?? standardPresenterLayout.theme,
    is_default: body.isDefault ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (body.isDefault) await repo.clearDefault(trx, resim.id);
    await repo.insertView(trx, row);
  });
  return toView(row);
};

/** PATCH /admin/presenter/{id}: a view of a scenario the caller cannot see does not exist for them. */
export const patchPresenterView = async (ctx: SpaceContext, id: string, body: PatchPresenterViewBody): Promise<SavedPresenterView> => {
  const found = await repo.findView(ctx.db, id);
  if (!found) throw notFound('Presenter view');
  try {
    await editableResim(ctx, found.resim_id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw notFound('Presenter view');
    throw error;
  }
  const changes = {
    ...(body.name === undefined ? {} : { name: body.name }),
    ...(body.panels === undefined ? {} : { panels: JSON.stringify(body.panels) }),
    ...(body.hideNames === undefined ? {} : { hide_names: body.hideNames ? 1 : 0 }),
    ...(body.theme === undefined ? {} : { theme: body.theme }),
    ...(body.isDefault === undefined ? {} : { is_default: body.isDefault ? 1 : 0 }),
    updated_at: iso(ctx.clock),
  };
  await ctx.db.transaction().execute(async (trx) => {
    if (body.isDefault) await repo.clearDefault(trx, found.resim_id);
    await repo.updateView(trx, id, changes);
  });
  return toView({ ...found, ...changes });
};

/**
 * The layout the presenter display shows: the view it names, else the scenario's default view,
 * else the standard layout. A named view of another scenario does not exist here.
 */
export const layoutFor = async (db: Database, resimId: string, viewId: string | undefined): Promise<PresenterView['layout']> => {
  const row = viewId === undefined ? await repo.findDefaultView(db, resimId) : await repo.findView(db, viewId);
  if (viewId !== undefined && (!row || row.resim_id !== resimId)) throw notFound('Presenter view');
  if (!row) return { viewId: null, name: 'Standard', ...standardPresenterLayout, panels: [...standardPresenterLayout.panels] };
  const view = toView(row);
  return { viewId: view.id, name: view.name, panels: view.panels, hideNames: view.hideNames, theme: view.theme };
};
