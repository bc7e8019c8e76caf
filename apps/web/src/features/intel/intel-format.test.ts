import { describe, expect, it } from 'vitest';
import { filtersOf, formatDay, formatRate } from './intel-format';

describe("Intel's formats", () => {
  it('reads the filters given in the address and leaves the others out', () => {
    expect(filtersOf(new URLSearchParams('space=s1&from=2025-03-01&to=&other=x'))).toEqual({ space: 's1', from: '2025-03-01' });
  });

  it('shows rates as percentages and days short', () => {
    expect(formatRate(6 / 7)).toBe('86%');
    expect(formatRate(null)).toBe('–');
    expect(formatDay('2025-03-04')).toBe('4 Mar');
  });
});
