import type { Dashboard } from '@resim/contracts';
import { formatDateTime } from '../../../ui/format';
import type { Option } from '../editor-types';

/** The openings to pick from, newest first as the dashboard lists them, named by when they opened. */
export const instanceOptions = (dashboard: Dashboard): Option[] =>
  dashboard.instances.map((instance) => ({
    value: instance.id,
    label: `${formatDateTime(instance.created)}${instance.id === dashboard.currentInstanceId ? ' (current)' : ''}`,
  }));

/** The opening asked for when there is one, else the current one, else the latest. */
export const pickInstance = (dashboard: Dashboard, requested: string | null): string | null => {
  if (requested && dashboard.instances.some((instance) => instance.id === requested)) return requested;
  return dashboard.currentInstanceId ?? dashboard.instances[0]?.id ?? null;
};
