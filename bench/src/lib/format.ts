/** A number with thousands separators and a fixed count of decimals, the same whatever the machine's locale. */
export const fmt = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
