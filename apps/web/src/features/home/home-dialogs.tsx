import type { ResimSummary, Space } from '@resim/contracts';
import { useMemo } from 'react';
import { showSuccess } from '../../app/notify';
import {
  useCreateSpace,
  useDeleteResim,
  useDeleteSpace,
  useImportResims,
  useMoveResim,
  useRenameSpace,
  type useCreateResim,
} from './home-queries';
import { MoveScenarioModal } from './move-scenario-modal';
import { useImportScenarioZip } from './scenario-zip-queries';
import { DeleteScenarioModal, ImportScenariosModal, NewScenarioModal, type TemplatesQuery } from './scenario-modals';
import { DeleteSpaceModal, SpaceFormModal } from './space-modals';

/** The dialog Home has open, if any. */
export type HomeDialog =
  | { kind: 'create' }
  | { kind: 'rename'; space: Space }
  | { kind: 'delete'; space: Space }
  | { kind: 'import'; space: Space }
  | { kind: 'new-scenario'; space: Space }
  | { kind: 'delete-scenario'; scenario: ResimSummary }
  | { kind: 'move-scenario'; scenario: ResimSummary }
  | null;

/**
 * Home's dialogs and the changes they make (spaces created, renamed and deleted; scenarios made,
 * imported, moved and deleted): a chunk of their own, loaded when one is first opened. Mounted
 * from then on, so that a dialog closes with its transition.
 */
export const HomeDialogs = ({
  dialog,
  spaces,
  templates,
  createResim,
  onNewScenario,
  onClose,
}: {
  dialog: HomeDialog;
  spaces: readonly Space[];
  templates: TemplatesQuery;
  createResim: ReturnType<typeof useCreateResim>;
  onNewScenario: (space: Space, templateId: string, resimName: string) => void;
  onClose: () => void;
}) => {
  const createSpace = useCreateSpace();
  const renameSpace = useRenameSpace();
  const deleteSpace = useDeleteSpace();
  const deleteResim = useDeleteResim();
  const importResims = useImportResims();
  const importZip = useImportScenarioZip();
  const moveResim = useMoveResim();
  const spacesById = useMemo(() => new Map(spaces.map((space) => [space.id, space])), [spaces]);

  const close = () => {
    onClose();
    deleteSpace.reset();
    deleteResim.reset();
    importResims.reset();
    importZip.reset();
    moveResim.reset();
  };

  const imported = (scenarios: readonly { resimName: string }[]) => {
    close();
    showSuccess(scenarios.length === 1 ? `“${scenarios[0]?.resimName ?? ''}” was imported` : `${scenarios.length} scenarios were imported`);
  };

  return (
    <>
      <SpaceFormModal
        opened={dialog?.kind === 'create'}
        title="New space"
        submitLabel="Create space"
        initial=""
        pending={createSpace.isPending}
        onSubmit={(description) => createSpace.mutateAsync(description).then(close)}
        onClose={close}
      />
      <SpaceFormModal
        opened={dialog?.kind === 'rename'}
        title="Rename space"
        submitLabel="Save"
        initial={dialog?.kind === 'rename' ? dialog.space.description : ''}
        pending={renameSpace.isPending}
        onSubmit={(description) =>
          dialog?.kind === 'rename' ? renameSpace.mutateAsync({ spaceId: dialog.space.id, description }).then(close) : Promise.resolve()
        }
        onClose={close}
      />
      <DeleteSpaceModal
        space={dialog?.kind === 'delete' ? dialog.space : null}
        pending={deleteSpace.isPending}
        error={deleteSpace.error?.message ?? null}
        onConfirm={() => {
          if (dialog?.kind === 'delete') deleteSpace.mutate(dialog.space.id, { onSuccess: close });
        }}
        onClose={close}
      />
      <DeleteScenarioModal
        scenario={dialog?.kind === 'delete-scenario' ? dialog.scenario : null}
        pending={deleteResim.isPending}
        error={deleteResim.error?.message ?? null}
        onConfirm={() => {
          if (dialog?.kind === 'delete-scenario') deleteResim.mutate(dialog.scenario.id, { onSuccess: close });
        }}
        onClose={close}
      />
      <MoveScenarioModal
        scenario={dialog?.kind === 'move-scenario' ? dialog.scenario : null}
        spaces={spaces}
        pending={moveResim.isPending}
        error={moveResim.error?.message ?? null}
        onMove={(spaceId) => {
          if (dialog?.kind !== 'move-scenario') return;
          const { scenario } = dialog;
          moveResim.mutate(
            { resimId: scenario.id, spaceId },
            {
              onSuccess: () => {
                close();
                showSuccess(`“${scenario.resimName}” was moved to ${spacesById.get(spaceId)?.description ?? 'its new space'}`);
              },
            },
          );
        }}
        onClose={close}
      />
      <NewScenarioModal
        space={dialog?.kind === 'new-scenario' ? dialog.space : null}
        templates={templates}
        pending={createResim.isPending}
        error={createResim.error?.message ?? null}
        onCreate={(templateId, resimName) => {
          if (dialog?.kind === 'new-scenario') onNewScenario(dialog.space, templateId, resimName);
        }}
        onClose={close}
      />
      <ImportScenariosModal
        space={dialog?.kind === 'import' ? dialog.space : null}
        pending={importResims.isPending || importZip.isPending}
        error={importResims.error?.message ?? importZip.error?.message ?? null}
        onImport={(file) => {
          if (dialog?.kind !== 'import') return;
          importZip.reset();
          importResims.mutate({ groupId: dialog.space.id, file }, { onSuccess: imported });
        }}
        onImportZip={(zip) => {
          if (dialog?.kind !== 'import') return;
          importResims.reset();
          importZip.mutate({ groupId: dialog.space.id, zip }, { onSuccess: imported });
        }}
        onClose={close}
      />
    </>
  );
};
