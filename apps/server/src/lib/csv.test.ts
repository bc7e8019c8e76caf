import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes cells holding commas, quotes or line breaks and ends lines with CRLF', () => {
    expect(toCsv(['a', 'b'], [['Ann, RN', 'said "hi"\nthen left']])).toBe('a,b\r\n"Ann, RN","said ""hi""\nthen left"\r\n');
  });

  it('writes numbers as they are and nothing for null', () => {
    expect(toCsv(['points', 'rank'], [[-10, null]])).toBe('points,rank\r\n-10,\r\n');
  });

  it('keeps a spreadsheet from running a nickname as a formula', () => {
    expect(toCsv(['nickname'], [['=HYPERLINK("x")'], ['@sum']])).toBe('nickname\r\n"\'=HYPERLINK(""x"")"\r\n\'@sum\r\n');
  });
});
