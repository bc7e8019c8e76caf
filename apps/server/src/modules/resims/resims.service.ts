import type { ResimSummary } from '@resim/contracts';
import type { ResimRow } from '../../db/schema';
import { listSpaces, type SpaceContext } from '../spaces/spaces.service';
import { findResimsInSpaces } from './resims.repository';

export const toResimSummary = (row: ResimRow): ResimSummary => ({
  id: row.id,
  resimName: row.name,
  description: row.description,
  group: row.space_id,
  resimStatus: row.status,
  templateId: row.template_id,
  created: row.created_at,
});

/** SPEC 7: GET /admin/resim lists the scenarios of every space the caller is in. */
export const listResims = async (ctx: SpaceContext): Promise<ResimSummary[]> => {
  const spaces = await listSpaces(ctx);
  return (
    await findResimsInSpaces(
      ctx.db,
      spaces.map((s) => s.id),
    )
  ).map(toResimSummary);
};
