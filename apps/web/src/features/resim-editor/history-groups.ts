import type { ScenarioVersion } from '@resim/contracts';

/** Saves one author made within one hour, newest first, as the History panel shows them together. */
export type VersionGroup = {
  readonly key: string;
  readonly author: string;
  readonly hour: string;
  readonly versions: readonly ScenarioVersion[];
};

/** The start of the local hour a moment falls in, as an ISO string. */
const hourOf = (iso: string): string => {
  const date = new Date(iso);
  date.setMinutes(0, 0, 0);
  return date.toISOString();
};

/** Consecutive saves (newest first) by the same author in the same hour, grouped; a save by someone else in between starts a new group. */
export const groupVersions = (versions: readonly ScenarioVersion[]): VersionGroup[] => {
  const groups: { key: string; author: string; hour: string; versions: ScenarioVersion[] }[] = [];
  for (const version of versions) {
    const hour = hourOf(version.savedAt);
    const last = groups.at(-1);
    if (last && last.author === version.author && last.hour === hour) last.versions.push(version);
    else groups.push({ key: `${version.revision}`, author: version.author, hour, versions: [version] });
  }
  return groups;
};

/** What a save changed, in a few words: "3 items changed", "Details changed", "Restored revision 4". */
export const versionSummary = (version: ScenarioVersion): string => {
  const parts: string[] = [];
  if (version.restoredFrom !== null) parts.push(`Restored revision ${version.restoredFrom}`);
  if (version.itemsChanged > 0) parts.push(version.itemsChanged === 1 ? '1 item changed' : `${version.itemsChanged} items changed`);
  if (version.fields.length > 0) parts.push(version.fields.includes('answers') ? 'Details and answer key changed' : 'Details changed');
  if (parts.length === 0) parts.push(version.revision === 0 ? 'Created' : 'No change');
  return parts.join(' · ');
};
