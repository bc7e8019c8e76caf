import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time';

describe('schedule times in the author’s time zone', () => {
  it('round-trips a local time through ISO', () => {
    const iso = fromLocalInput('2026-12-01T09:30');
    expect(iso).toBe(new Date(2026, 11, 1, 9, 30).toISOString());
    expect(toLocalInput(iso)).toBe('2026-12-01T09:30');
  });

  it('reads nothing from empty, incomplete or unreadable values', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('2026-12-01')).toBeNull();
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('soon')).toBe('');
  });
});
