import path from 'node:path';

/** A positive number from the environment; unset or empty means the fallback, anything else invalid stops the run. */
export const positive = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
};

/** An optional directory from the environment, made absolute so children with another cwd agree on it. */
export const optionalPath = (name: string): string | undefined => {
  const raw = process.env[name];
  return raw ? path.resolve(raw) : undefined;
};
