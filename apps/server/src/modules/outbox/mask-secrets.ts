/** The token of a one-use password link (reset, or an invitation's first password), in text or in HTML. */
const passwordLinkToken = /(\/account\/reset\/)[\w-]+/g;
/** The code of an address confirmation, after the wording of its email, in text or in HTML (confirmation-email.ts). */
const confirmationCode = /(confirmation code is (?:<strong>)?)\d{6}/gi;

export const maskedToken = '[hidden]';

/**
 * A body as the outbox shows it: whoever may read the outbox must not be able to take over the
 * recipient's account or prove their address for them, so each password link keeps its address
 * but not its token, and a confirmation code is hidden. The message itself is sent whole.
 */
export const maskSecrets = (body: string): string =>
  body.replace(passwordLinkToken, `$1${maskedToken}`).replace(confirmationCode, `$1${maskedToken}`);
