import { describe, expect, it } from 'vitest';
import { diffContent } from './content-patch';
import { readExportHistories } from './export-history';
import { content } from './test/fixtures';

const first = content({ actions: [{ id: 'act1', name: 'CBC' }] });
const second = content({ actions: [{ id: 'act1', name: 'Full blood count' }] });
const meta = (revision: number) => ({
  revision,
  savedAt: '2026-12-07T10:00:00.000Z',
  author: 'ada@example.test',
  name: null,
  restoredFrom: null,
});

describe('reading the version histories of an export file', () => {
  it('rebuilds each version whole from the first and the patches after it', () => {
    const read = readExportHistories(
      {
        histories: [
          [
            { ...meta(4), content: first },
            { ...meta(5), name: 'March exam', patch: diffContent(first, second) },
          ],
          null,
        ],
      },
      2,
    );
    expect(read).toEqual({
      ok: true,
      histories: [
        [
          { ...meta(4), content: first },
          { ...meta(5), name: 'March exam', content: second },
        ],
        null,
      ],
    });
  });

  it('reads a file without histories as scenarios without any', () => {
    expect(readExportHistories({ scenarios: [] }, 2)).toEqual({ ok: true, histories: [null, null] });
  });

  it('names what stops a history: a count that does not match, a gap, a first version without content, invalid content', () => {
    expect(readExportHistories({ histories: [] }, 1)).toEqual({ ok: false, problems: ['histories: must hold one entry per scenario (1)'] });
    const problems = (histories: unknown[]) => {
      const read = readExportHistories({ histories }, histories.length);
      return read.ok ? [] : read.problems;
    };
    expect(
      problems([
        [
          { ...meta(1), content: first },
          { ...meta(3), patch: {} },
        ],
      ]),
    ).toEqual(['histories[0][1].revision: must be 2, the revision after the one before']);
    expect(problems([[{ ...meta(1), patch: {} }]])).toEqual(['histories[0][0]: the first version must give its content']);
    expect(problems([[{ ...meta(1), content: { ...first, actions: [{ id: 'act1' }] } }]])).toEqual([
      'histories[0][0].actions[0].name: Invalid input: expected string, received undefined',
    ]);
  });
});
