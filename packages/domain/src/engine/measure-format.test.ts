import { LimitKind, MeasureType } from '../scenario/vocabulary';
import type { MeasureView } from './types';
import { describe, expect, it } from 'vitest';
import { formatChange, formatDuration, formatImpacts, formatLimits, formatMeasureValue, isTimeMeasure } from './measure-format';

describe('measure format', () => {
  it('writes times as a clock', () => {
    expect(formatDuration(245)).toBe('4:05');
    expect(formatDuration(3723.9)).toBe('1:02:03');
    expect(formatDuration(-61)).toBe('-1:01');
  });

  it('writes each type as it reads', () => {
    expect(formatMeasureValue(MeasureType.money, 12.5)).toBe('$12.50');
    expect(formatMeasureValue(MeasureType.money, 1250, { currency: 'EUR' })).toBe('€1,250.00');
    expect(formatChange(MeasureType.money, -40, { currency: 'GBP' })).toBe('-£40.00');
    expect(formatMeasureValue(MeasureType.percentage, 33.333)).toBe('33.3%');
    expect(formatMeasureValue(MeasureType.integer, 7.4)).toBe('7');
    expect(formatMeasureValue(MeasureType.autoTimeDecrement, 90)).toBe('1:30');
    expect(formatMeasureValue(MeasureType.autoTimeDecrement, 90, { timeUnit: 'hours' })).toBe('1:30');
    expect(formatChange(MeasureType.integer, -5)).toBe('-5');
    expect(formatChange(MeasureType.integer, 10)).toBe('+10');
  });

  it('writes a time measure in the unit its author chose', () => {
    expect(formatMeasureValue(MeasureType.time, 90)).toBe('1:30');
    expect(formatMeasureValue(MeasureType.time, 90, { timeUnit: 'minutes' })).toBe('90 minutes');
    expect(formatMeasureValue(MeasureType.time, 2.5, { timeUnit: 'hours' })).toBe('2.5 hours');
    expect(formatChange(MeasureType.time, 1, { timeUnit: 'days' })).toBe('+1 day');
  });

  it('names each measure an impact changes, in its units', () => {
    const measures: MeasureView[] = [
      { id: 'measure1', name: 'Budget', type: 1, value: 0, min: null, max: null, limitKind: null, atLimit: false, timeUnit: 'seconds' },
      { id: 'measure2', name: 'Waiting', type: 4, value: 0, min: null, max: null, limitKind: null, atLimit: false, timeUnit: 'hours' },
    ];
    const impacts = [
      { measureId: 'measure1', value: -40 },
      { measureId: 'measure2', value: 2 },
    ];
    expect(formatImpacts(impacts, measures, 'EUR')).toBe('Budget -€40.00, Waiting +2 hours');
  });

  it('names the limits and their kind', () => {
    const base: MeasureView = {
      id: 'm',
      name: 'Budget',
      type: MeasureType.integer,
      value: 0,
      min: null,
      max: null,
      limitKind: null,
      atLimit: false,
      timeUnit: 'seconds',
    };
    expect(formatLimits(base)).toBeNull();
    expect(formatLimits({ ...base, min: 0, max: 100, limitKind: LimitKind.finite })).toBe('0 – 100 (Limited)');
    expect(formatLimits({ ...base, type: MeasureType.time, max: 600, limitKind: LimitKind.finiteWithTermination })).toBe(
      'max 10:00 (Terminate)',
    );
  });

  it('knows the time types the hideTime setting hides', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter(isTimeMeasure)).toEqual([2, 3, 4]);
  });
});
