import type { Space } from '@resim/contracts';
import { mayEditInSpace } from '@resim/domain';
import { scenarioStatusLabel } from '../../ui/scenario-status';

/** Whether the editor may change a scenario, and if not, why, in words the author can act on. */
export type EditAccess = { readonly canEdit: true } | { readonly canEdit: false; readonly reason: string };

/**
 * SPEC 4: a scenario opens for editing only while its status is Initialized (0) and the user owns
 * its space or the space's security allows editing; otherwise it opens view-only.
 */
export const editAccess = (resimStatus: number, space: Space | undefined): EditAccess => {
  if (!space) return { canEdit: false, reason: 'The space holding this scenario was not found among your spaces, so it cannot be edited.' };
  if (!mayEditInSpace(space.security, space.isOwner))
    return { canEdit: false, reason: `Only the owner of “${space.description}” (${space.owner}) can edit the scenarios in it.` };
  if (resimStatus !== 0)
    return {
      canEdit: false,
      reason: `This scenario is ${scenarioStatusLabel(resimStatus)}: only an Initialized scenario can be edited.`,
    };
  return { canEdit: true };
};
