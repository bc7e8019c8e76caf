import { z } from 'zod';

/** Multi-factor sign-in of the embedded issuer (our design). */
export const mfaStatus = z
  .object({
    /** false when an external identity provider signs users in: it handles their second factor */
    available: z.boolean(),
    enabled: z.boolean(),
    /** recovery codes not yet used; 0 when MFA is off */
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ id: 'MfaStatus' });
export type MfaStatus = z.infer<typeof mfaStatus>;

/** A new secret waiting for its first code; shown once, at the start of enrolment. */
export const mfaEnrolment = z
  .object({
    /** base32, for typing into an app that cannot scan */
    secret: z.string(),
    otpauthUri: z.string(),
    /** the otpauth URI as a QR code: an SVG data URL */
    qrCode: z.string(),
  })
  .meta({ id: 'MfaEnrolment' });
export type MfaEnrolment = z.infer<typeof mfaEnrolment>;

/** A code from the authenticator app (6 digits), or for turning MFA off also a recovery code. */
export const mfaCodeBody = z.strictObject({
  code: z.string().trim().min(1, 'code must not be empty').max(40, 'code must be at most 40 characters'),
});
export type MfaCodeBody = z.infer<typeof mfaCodeBody>;

/** Shown once, when MFA is turned on; only their hashes are kept. */
export const mfaRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'MfaRecoveryCodes' });
export type MfaRecoveryCodes = z.infer<typeof mfaRecoveryCodes>;
