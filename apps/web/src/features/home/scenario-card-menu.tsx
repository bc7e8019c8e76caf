import { Menu, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconExternalLink, IconFileZip, IconFolderShare, IconPackageExport, IconTrash } from '@tabler/icons-react';
import type { ResimSummary } from '@resim/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyNamed } from '../../ui/lazy-named';
import { useDeferredMenuState, type DeferredMenuProps } from '../../ui/deferred-menu';
import type { ScenarioCardActions } from './scenario-card';

// Most menus never open them: the SCORM and zip dialogs come when first asked for.
const ScormPackagesModal = lazyNamed(() => import('./scorm-packages-modal').then((m) => m.ScormPackagesModal));
const ExportZipModal = lazyNamed(() => import('./export-zip-modal').then((m) => m.ExportZipModal));

/** A scenario card's actions, loaded when its button is first reached; with the scenario's SCORM and zip dialogs, which it opens. */
export const ScenarioCardMenu = ({
  path,
  actions,
  scenario,
  trigger,
  initiallyOpened,
}: { path: string; actions: ScenarioCardActions; scenario: ResimSummary } & DeferredMenuProps) => {
  const navigate = useNavigate();
  const menuState = useDeferredMenuState(initiallyOpened);
  const [scorm, setScorm] = useState(false);
  const [zip, setZip] = useState(false);
  return (
    <>
      <Menu position="bottom-end" width={220} shadow="md" {...menuState}>
        <Menu.Target>{trigger}</Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconExternalLink size={16} />} onClick={() => void navigate(path)}>
            Open
          </Menu.Item>
          <Menu.Item leftSection={<IconCopy size={16} />} onClick={actions.onClone ?? undefined} disabled={!actions.onClone}>
            Clone
          </Menu.Item>
          <Menu.Item leftSection={<IconDownload size={16} />} onClick={actions.onExport}>
            Export
          </Menu.Item>
          <Menu.Item leftSection={<IconFileZip size={16} />} onClick={() => setZip(true)}>
            Export with media (.zip)…
          </Menu.Item>
          <Menu.Item leftSection={<IconPackageExport size={16} />} onClick={() => setScorm(true)}>
            SCORM package…
          </Menu.Item>
          <Menu.Item
            leftSection={<IconFolderShare size={16} />}
            onClick={actions.moveBlocked ? undefined : actions.onMove}
            disabled={actions.moveBlocked !== null}
          >
            Move to space...
            {/* A disabled item cannot show a tooltip to the keyboard, so the reason is part of it. */}
            {actions.moveBlocked ? (
              <Text component="span" display="block" fz="xs">
                canMove is off in this space
              </Text>
            ) : null}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconTrash size={16} />}
            color="red.9"
            onClick={actions.onDelete ?? undefined}
            disabled={!actions.onDelete}
          >
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {scorm ? <ScormPackagesModal scenario={scenario} mayEdit={actions.mayEdit} onClose={() => setScorm(false)} /> : null}
      {zip ? <ExportZipModal scenario={scenario} onClose={() => setZip(false)} /> : null}
    </>
  );
};
