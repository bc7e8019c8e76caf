import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default) with OWASP's minimum memory cost: 19 MiB, 2 passes.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const minPasswordLength = 10;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

// Verifying against a fixed hash when the account is unknown keeps the timing the same,
// so sign-in does not reveal which emails have accounts.
let decoy: Promise<string> | undefined;

export const verifyPassword = async (stored: string | null | undefined, password: string): Promise<boolean> => {
  if (!stored) {
    decoy ??= hashPassword('decoy password that matches nothing');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
};

/** A password rule people can read; returns the problem or undefined. */
export const passwordProblem = (password: string): string | undefined => {
  if (password.length < minPasswordLength) return `Password must be at least ${minPasswordLength} characters long`;
  if (password.length > 200) return 'Password must be at most 200 characters long';
  return undefined;
};
