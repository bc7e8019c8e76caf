import type { ScenarioVersion } from '@resim/contracts';
import { describe, expect, it } from 'vitest';
import { groupVersions, versionSummary } from './history-groups';

const version = (revision: number, author: string, savedAt: string, changes: Partial<ScenarioVersion> = {}): ScenarioVersion => ({
  revision,
  savedAt,
  author,
  authorId: null,
  name: null,
  restoredFrom: null,
  itemsChanged: 0,
  items: [],
  fields: [],
  ...changes,
});

describe('the history grouped by author and hour', () => {
  it('keeps together consecutive saves of one author within an hour', () => {
    const groups = groupVersions([
      version(5, 'ada', '2026-12-07T10:50:00.000Z'),
      version(4, 'ada', '2026-12-07T10:05:00.000Z'),
      version(3, 'ada', '2026-12-07T09:59:00.000Z'),
      version(2, 'bo', '2026-12-07T09:40:00.000Z'),
      version(1, 'ada', '2026-12-07T09:30:00.000Z'),
    ]);
    expect(groups.map((group) => [group.author, group.versions.map((entry) => entry.revision)])).toEqual([
      ['ada', [5, 4]],
      ['ada', [3]],
      ['bo', [2]],
      ['ada', [1]],
    ]);
  });

  it('says in a few words what a save changed', () => {
    expect(versionSummary(version(0, 'ada', '2026-12-07T10:00:00.000Z'))).toBe('Created');
    expect(versionSummary(version(3, 'ada', '2026-12-07T10:00:00.000Z', { itemsChanged: 1, fields: ['resimName'] }))).toBe(
      '1 item changed · Details changed',
    );
    expect(versionSummary(version(4, 'ada', '2026-12-07T10:00:00.000Z', { restoredFrom: 1, itemsChanged: 2, fields: ['answers'] }))).toBe(
      'Restored revision 1 · 2 items changed · Details and answer key changed',
    );
  });
});
