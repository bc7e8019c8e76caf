import { hash, verify } from '@node-rs/argon2';
import { minPasswordLength, newPassword } from '@resim/contracts';

// argon2id (the library default) with OWASP's minimum memory cost: 19 MiB, 2 passes.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export { minPasswordLength };

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

/** A password rule people can read (the one the console's forms check too); returns the problem or undefined. */
export const passwordProblem = (password: string): string | undefined => newPassword.safeParse(password).error?.issues[0]?.message;
