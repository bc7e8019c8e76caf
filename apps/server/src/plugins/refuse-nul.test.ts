import { describe, expect, it } from 'vitest';
import { nulAt } from './refuse-nul';

describe('finding a NUL character in what a request sent', () => {
  it('names where it stands, in a value or in a key', () => {
    expect(nulAt({ actions: [{ name: 'FBC' }, { name: 'Fe\u0000rritin' }] }, 'body')).toBe('body.actions[1].name');
    expect(nulAt({ 'odd key': { 'x\u0000': 1 } }, 'body')).toBe('body["odd key"]["x\\u0000"]');
    expect(nulAt('abc\u0000', 'path')).toBe('path');
    expect(nulAt({ nickname: 'Ada', tags: ['a', 'b'], n: 3, ok: true, none: null }, 'body')).toBeUndefined();
    expect(nulAt(undefined, 'query')).toBeUndefined();
    // A body kept as bytes (a webhook's, whose signature covers them) is not read byte by byte.
    expect(nulAt(Buffer.from([0x7b, 0, 0x7d]), 'body')).toBeUndefined();
  });

  it('walks a body nested far deeper than the call stack would allow', () => {
    let deep: unknown = 'end\u0000';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(nulAt(deep, 'body')).toMatch(/^body(\[0\]){200000}$/);
  });
});
