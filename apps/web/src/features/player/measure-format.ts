import { limitKindLabels, MeasureType, type MeasureView } from '@resim/domain';

const timeTypes: ReadonlySet<number> = new Set([MeasureType.autoTimeIncrement, MeasureType.autoTimeDecrement, MeasureType.time]);

/** SPEC 9 measure types 2, 3 and 4 are times: the ones the scenario's hideTime setting hides. */
export const isTimeMeasure = (type: number): boolean => timeTypes.has(type);

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
const money = numberFormat(2, 2);
const decimal = numberFormat(2);
const percentage = numberFormat(1);
const integer = numberFormat(0);

/** A measure's value as its type reads (SPEC 9 measure types); times are in seconds. */
export const formatMeasureValue = (type: number, value: number): string => {
  switch (type) {
    case MeasureType.money:
      return money.format(value);
    case MeasureType.percentage:
      return `${percentage.format(value)}%`;
    case MeasureType.decimal:
      return decimal.format(value);
    case MeasureType.integer:
      return integer.format(value);
    default:
      return isTimeMeasure(type) ? formatDuration(value) : decimal.format(value);
  }
};

/** A change to a measure, signed: "+10", "-5", "-1:00". */
export const formatChange = (type: number, value: number): string =>
  `${value > 0 ? '+' : value < 0 ? '-' : ''}${formatMeasureValue(type, Math.abs(value))}`;

/** The limits of a measure and what they do (SPEC 9 limit kinds): "0 – 100 (Limited)", "max 600 (Terminate)". */
export const formatLimits = (measure: MeasureView): string | null => {
  const { min, max, type } = measure;
  if (min === null && max === null) return null;
  const range =
    min !== null && max !== null
      ? `${formatMeasureValue(type, min)} – ${formatMeasureValue(type, max)}`
      : min !== null
        ? `min ${formatMeasureValue(type, min)}`
        : `max ${formatMeasureValue(type, max ?? 0)}`;
  const kind = measure.limitKind === null ? undefined : limitKindLabels[measure.limitKind as keyof typeof limitKindLabels];
  return kind ? `${range} (${kind})` : range;
};
