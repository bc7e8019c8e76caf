/** The token of a one-use password link (reset, or an invitation's first password), in text or in HTML. */
const passwordLinkToken = /(\/account\/reset\/)[\w-]+/g;

export const maskedToken = '[hidden]';

/**
 * A body as the outbox shows it: whoever may read the outbox must not be able to take over the
 * recipient's account, so each password link keeps its address but not its token. The message
 * itself is sent whole.
 */
export const maskPasswordLinks = (body: string): string => body.replace(passwordLinkToken, `$1${maskedToken}`);
