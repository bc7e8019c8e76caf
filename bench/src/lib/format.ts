/** A number with thousands separators and a fixed count of decimals, the same whatever the machine's locale. */
export const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Milliseconds, with two decimals below 10 and one above. */
export const ms = (value: number) => fmt(value, value < 10 ? 2 : 1);

export const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${fmt(bytes / 2 ** 20)} MiB`);

/** How many times `base` a value is, as "2.31×"; n/a where either is missing. */
export const times = (value: number | undefined, base: number | undefined) => {
  if (value === undefined || base === undefined || !(base > 0) || !Number.isFinite(value)) return 'n/a';
  const ratio = value / base;
  return ratio >= 100 ? `${fmt(ratio)}×` : `${ratio.toFixed(2)}×`;
};
