import { describe, expect, it } from 'vitest';
import { exportScenarios, readExport } from './export';
import { content } from './test/fixtures';

const now = new Date('2026-03-01T10:00:00.000Z');
const first = content({ resimName: 'Chest pain', actions: [{ id: 'act1', name: 'ECG' }] });
const second = content({ resimName: 'Fever', mode: 4 });

describe('scenario export', () => {
  it('builds a self-describing file with the time of the export', () => {
    expect(exportScenarios([first, second], now)).toEqual({
      format: 'resim-export',
      version: 1,
      exported: '2026-03-01T10:00:00.000Z',
      scenarios: [first, second],
    });
  });

  it('exports the content only, not what the server owns', () => {
    const stored = { ...first, id: 'r1', group: 's1', resimStatus: 2, created: 'x', revision: 3, instances: [] };
    const [exported] = exportScenarios([stored], now).scenarios;
    expect(exported).toEqual(first);
    expect(exported).not.toHaveProperty('id');
    expect(exported).not.toHaveProperty('instances');
  });

  it('reads back what it wrote, through JSON', () => {
    const file: unknown = JSON.parse(JSON.stringify(exportScenarios([first, second], now)));
    expect(readExport(file)).toEqual({ ok: true, scenarios: [first, second] });
  });

  it('fills the defaults of fields an older file leaves out', () => {
    const read = readExport({ format: 'resim-export', version: 1, scenarios: [{ resimName: 'Old' }] });
    expect(read).toEqual({ ok: true, scenarios: [content({ resimName: 'Old' })] });
  });

  it('refuses what is not an export, naming the problem', () => {
    expect(readExport(null)).toMatchObject({ ok: false, problems: [expect.stringContaining('expected object')] });
    expect(readExport({ format: 'other', version: 1, scenarios: [] })).toEqual({
      ok: false,
      problems: ['format: format must be "resim-export"'],
    });
    expect(readExport({ format: 'resim-export', version: 2, scenarios: [] })).toEqual({
      ok: false,
      problems: ['version: version must be 1'],
    });
    expect(readExport({ format: 'resim-export', version: 1 })).toEqual({ ok: false, problems: ['scenarios: scenarios must be a list'] });
  });

  it('names the path of every problem in every scenario', () => {
    const read = readExport({
      format: 'resim-export',
      version: 1,
      scenarios: [
        { resimName: 'Fine' },
        { resimName: '', actions: [{ id: 'act1', name: 'A' }, { id: 'act2' }] },
        { resimName: 'X', mode: 9 },
      ],
    });
    expect(read.ok).toBe(false);
    const problems = read.ok ? [] : read.problems;
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^scenarios\[1\]\.resimName: /);
    expect(problems[1]).toMatch(/^scenarios\[1\]\.actions\[1\]\.name: /);
    expect(problems[2]).toMatch(/^scenarios\[2\]\.mode: /);
  });
});
