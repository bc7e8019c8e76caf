import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const period = 30;

export const newTotpSecret = (): string => generateSecret();

export const otpauthUri = (options: { issuer: string; account: string; secret: string }): string =>
  generateURI({ issuer: options.issuer, label: options.account, secret: options.secret });

export const looksLikeTotp = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The time step of `code` when it is the code of the step at `now` or of the step either side
 * (phones' clocks drift); undefined when it is not.
 */
export const matchTotp = async (secret: string, code: string, now: Date): Promise<number | undefined> => {
  if (!looksLikeTotp(code)) return undefined;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: period });
  return result.valid ? Math.floor(epoch / period) + result.delta : undefined;
};
