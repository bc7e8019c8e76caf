import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, type MfaKeys } from './mfa-keys';
import { hashRecoveryCode, newRecoveryCode, normaliseRecoveryCode } from './recovery-codes';

const keys: MfaKeys = { encryption: crypto.randomBytes(32), recoveryCodes: crypto.randomBytes(32) };

describe('TOTP secrets at rest', () => {
  it('decrypt for the user they were encrypted for, and only with the key', () => {
    const sealed = encryptSecret(keys, 'user-1', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(keys, 'user-1', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(encryptSecret(keys, 'user-1', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(() => decryptSecret(keys, 'user-2', sealed)).toThrow();
    expect(() => decryptSecret({ ...keys, encryption: crypto.randomBytes(32) }, 'user-1', sealed)).toThrow();
  });
});

describe('recovery codes', () => {
  it('are two groups of five unambiguous characters', () => {
    for (let i = 0; i < 50; i++) expect(newRecoveryCode()).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
  });

  it('match however they are typed back', () => {
    expect(normaliseRecoveryCode(' AB1O0-il2 ')).toBe('ab100112');
    expect(hashRecoveryCode(keys, 'k7q0a-1bcde')).toBe(hashRecoveryCode(keys, 'K7QOA 1BCDE'));
    expect(hashRecoveryCode(keys, 'k7q0a-1bcde')).not.toBe(
      hashRecoveryCode({ ...keys, recoveryCodes: crypto.randomBytes(32) }, 'k7q0a-1bcde'),
    );
  });
});
