import path from 'node:path';

/** A positive number from the environment; unset or empty means the fallback, anything else invalid stops the run. */
export const positive = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
};

/** Positive whole numbers from the environment, separated by commas ("2000,5000"); unset or empty means the fallback. */
export const positiveList = (name: string, fallback: readonly number[]): number[] => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return [...fallback];
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((value) => !Number.isInteger(value) || value <= 0))
    throw new Error(`${name} must be positive whole numbers separated by commas, got "${raw}"`);
  return values;
};

/** An optional directory from the environment, made absolute so children with another cwd agree on it. */
export const optionalPath = (name: string): string | undefined => {
  const raw = process.env[name];
  return raw ? path.resolve(raw) : undefined;
};
