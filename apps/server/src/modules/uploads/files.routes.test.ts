import { describe, expect, it } from 'vitest';
import { parseRange } from './files.routes';

describe('an HTTP Range over a file', () => {
  it('reads one range: from-to, from onwards, the last n bytes', () => {
    expect(parseRange('bytes=0-3', 10)).toEqual({ start: 0, end: 3 });
    expect(parseRange('bytes=4-', 10)).toEqual({ start: 4, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=-30', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
  });

  it('finds a range that starts past the end unsatisfiable', () => {
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=10-20', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('sends the whole file for no range, several, or one not understood', () => {
    for (const header of [undefined, '', 'bytes=-', 'bytes=0-1,3-4', 'items=0-1', 'bytes=5-2', 'bytes=a-b']) {
      expect(parseRange(header, 10), String(header)).toBeUndefined();
    }
  });
});
