import { limitKindLabels, MeasureType, type TimeUnit } from '../scenario/vocabulary';
import type { MeasureView } from './types';

const timeTypes: ReadonlySet<number> = new Set([MeasureType.autoTimeIncrement, MeasureType.autoTimeDecrement, MeasureType.time]);

/** SPEC 9 measure types 2, 3 and 4 are times: the ones the scenario's hideTime setting hides. */
export const isTimeMeasure = (type: number): boolean => timeTypes.has(type);

/** Money and time: what a learner weighs in choosing, and so what the player's costs show without being asked. */
export const isCostMeasure = (type: number): boolean => type === MeasureType.money || isTimeMeasure(type);

const pad = (value: number): string => String(value).padStart(2, '0');

/** Seconds as a clock reads them: 4:05, or 1:02:03 past the hour. */
export const formatDuration = (totalSeconds: number): string => {
  const sign = totalSeconds < 0 ? '-' : '';
  const seconds = Math.floor(Math.abs(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  return hours > 0 ? `${sign}${hours}:${pad(minutes)}:${pad(rest)}` : `${sign}${minutes}:${pad(rest)}`;
};

const numberFormat = (fractionDigits: number, minimum = 0) =>
  new Intl.NumberFormat(undefined, { minimumFractionDigits: minimum, maximumFractionDigits: fractionDigits });
const decimal = numberFormat(2);
const percentage = numberFormat(1);
const integer = numberFormat(0);

// Formats are costly to make and a run shows the same few on every tick.
const formats = new Map<string, Intl.NumberFormat>();
const cached = (key: string, make: () => Intl.NumberFormat): Intl.NumberFormat => {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
};
const moneyFormat = (currency: string) =>
  cached(`money:${currency}`, () => {
    try {
      return new Intl.NumberFormat(undefined, { style: 'currency', currency });
    } catch {
      // A code this browser does not know still reads as an amount.
      return numberFormat(2, 2);
    }
  });
const unitFormat = (unit: Exclude<TimeUnit, 'seconds'>) =>
  cached(
    `time:${unit}`,
    () => new Intl.NumberFormat(undefined, { style: 'unit', unit: unit.slice(0, -1), unitDisplay: 'long', maximumFractionDigits: 2 }),
  );

/** What a measure's values are in: the scenario's currency for money, the measure's unit for a time measure. */
export type MeasureUnits = { readonly currency?: string; readonly timeUnit?: TimeUnit };

/**
 * A measure's value as its type reads (SPEC 9 measure types): money in the scenario's currency;
 * a time measure (type 4) in its unit ("2 hours"), a clock when in seconds; the auto-time types,
 * which count seconds, as a clock.
 */
export const formatMeasureValue = (type: number, value: number, units: MeasureUnits = {}): string => {
  switch (type) {
    case MeasureType.money:
      return moneyFormat(units.currency ?? 'USD').format(value);
    case MeasureType.percentage:
      return `${percentage.format(value)}%`;
    case MeasureType.decimal:
      return decimal.format(value);
    case MeasureType.integer:
      return integer.format(value);
    case MeasureType.time:
      return units.timeUnit && units.timeUnit !== 'seconds' ? unitFormat(units.timeUnit).format(value) : formatDuration(value);
    default:
      return isTimeMeasure(type) ? formatDuration(value) : decimal.format(value);
  }
};

/**
 * A figure over many runs (an average, a spread) in the measure's terms: as formatMeasureValue,
 * but a whole-number measure keeps its fraction (12.5 points, not 13).
 */
export const formatMeasureFigure = (type: number, value: number, units: MeasureUnits = {}): string =>
  formatMeasureValue(type === MeasureType.integer ? MeasureType.decimal : type, value, units);

/**
 * What a measure's values are counted in, for a heading beside a bare number: the currency for
 * money, the unit for time, seconds for the auto-time types; null for a plain number.
 */
export const measureUnitName = (type: number, units: { readonly currency: string; readonly timeUnit: TimeUnit }): string | null => {
  if (type === MeasureType.money) return units.currency;
  if (type === MeasureType.time) return units.timeUnit;
  if (type === MeasureType.autoTimeIncrement || type === MeasureType.autoTimeDecrement) return 'seconds';
  return null;
};

/** A change to a measure, signed: "+10", "-5", "-1:00", "-$40.00". */
export const formatChange = (type: number, value: number, units: MeasureUnits = {}): string =>
  `${value > 0 ? '+' : value < 0 ? '-' : ''}${formatMeasureValue(type, Math.abs(value), units)}`;

/** The limits of a measure and what they do (SPEC 9 limit kinds): "0 – 100 (Limited)", "max 600 (Terminate)". */
export const formatLimits = (measure: MeasureView, currency?: string): string | null => {
  const { min, max, type } = measure;
  if (min === null && max === null) return null;
  const units: MeasureUnits = { timeUnit: measure.timeUnit, ...(currency === undefined ? {} : { currency }) };
  const range =
    min !== null && max !== null
      ? `${formatMeasureValue(type, min, units)} – ${formatMeasureValue(type, max, units)}`
      : min !== null
        ? `min ${formatMeasureValue(type, min, units)}`
        : `max ${formatMeasureValue(type, max ?? 0, units)}`;
  const kind = measure.limitKind === null ? undefined : limitKindLabels[measure.limitKind as keyof typeof limitKindLabels];
  return kind ? `${range} (${kind})` : range;
};

/** What an impact on the measures changes, each named: "Budget -$40.00, Waiting +2 hours". */
export const formatImpacts = (
  impacts: readonly { readonly measureId: string; readonly value: number }[],
  measures: readonly MeasureView[],
  currency: string,
): string =>
  impacts
    .map((impact) => {
      const measure = measures.find((candidate) => candidate.id === impact.measureId);
      const units: MeasureUnits = { currency, ...(measure ? { timeUnit: measure.timeUnit } : {}) };
      return `${measure?.name ?? impact.measureId} ${formatChange(measure?.type ?? MeasureType.decimal, impact.value, units)}`;
    })
    .join(', ');
