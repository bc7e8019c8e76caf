/**
 * The issuer's own pages (sign-in, password reset, sign-out, errors), rendered on the server in
 * the console's look so they work before any script loads.
 */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => escapes[c]!);

const styles = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
  font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;
  background:#f1f3f5;color:#212529;font-size:15px;line-height:1.5}
main{width:100%;max-width:400px;padding:16px}
.card{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:32px;box-shadow:0 1px 3px rgba(0,0,0,.05)}
.brand{display:flex;align-items:center;gap:10px;margin-bottom:24px;font-weight:700;font-size:20px;color:#1c7ed6}
.brand svg{flex:none}
h1{font-size:20px;margin:0 0 4px}
p.lead{margin:0 0 20px;color:#495057;font-size:14px}
label{display:block;font-size:14px;font-weight:500;margin:14px 0 4px}
input{width:100%;font:inherit;padding:8px 12px;border:1px solid #ced4da;border-radius:4px;background:#fff}
input:focus{outline:none;border-color:#228be6;box-shadow:0 0 0 2px rgba(34,139,230,.25)}
button{width:100%;margin-top:22px;font:inherit;font-weight:600;padding:9px 16px;border:0;border-radius:4px;
  background:#1971c2;color:#fff;cursor:pointer}
button:hover{background:#1864ab}
button.secondary{background:#fff;color:#495057;border:1px solid #ced4da;margin-top:10px}
.hint{margin:6px 0 0;font-size:13px;color:#495057}
.links{margin-top:18px;font-size:14px;text-align:center}
a{color:#1971c2;text-decoration:none}
a:hover{text-decoration:underline}
.alert{border-radius:4px;padding:10px 12px;margin-bottom:16px;font-size:14px}
.alert.danger{background:#fff5f5;color:#c92a2a;border:1px solid #ffc9c9}
.alert.info{background:#e7f5ff;color:#1864ab;border:1px solid #a5d8ff}
footer{text-align:center;color:#495057;font-size:12px;margin-top:16px}
`;

const logo = `<svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"
 stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M9 3h6"/><path d="M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3"/><path d="M7.5 15h9"/></svg>`;

export type PageOptions = {
  readonly productName: string;
  readonly title: string;
  readonly lead?: string | undefined;
  readonly body: string;
  readonly alert?: { readonly kind: 'danger' | 'info'; readonly text: string } | undefined;
};

// The console's icon, inline, so the browser does not ask for /favicon.ico.
const favicon =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%231c7ed6' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='M9 3h6'/%3E%3Cpath d='M10 3v6l-5 9a2 2 0 0 0 1.7 3h10.6a2 2 0 0 0 1.7-3l-5-9V3'/%3E%3Cpath d='M7.5 15h9'/%3E%3C/svg%3E";

export const page = (options: PageOptions): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="${favicon}"><title>${escapeHtml(options.title)} · ${escapeHtml(options.productName)}</title>
<style>${styles}</style></head>
<body><main><div class="card">
<div class="brand">${logo}<span>${escapeHtml(options.productName)}</span></div>
<h1>${escapeHtml(options.title)}</h1>
${options.lead ? `<p class="lead">${escapeHtml(options.lead)}</p>` : ''}
${options.alert ? `<div class="alert ${options.alert.kind}" role="alert">${escapeHtml(options.alert.text)}</div>` : ''}
${options.body}
</div><footer>Simulation training console</footer></main></body></html>`;

export const signInPage = (options: {
  productName: string;
  action: string;
  email?: string | undefined;
  error?: string | undefined;
  notice?: string | undefined;
  forgotHref: string;
  cancelHref: string;
}): string =>
  page({
    productName: options.productName,
    title: 'Sign in',
    lead: `Sign in to continue to ${options.productName}.`,
    alert: options.error ? { kind: 'danger', text: options.error } : options.notice ? { kind: 'info', text: options.notice } : undefined,
    body: `<form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autofocus autocomplete="username" value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" required autocomplete="current-password">
<button type="submit">Sign in</button>
</form>
<div class="links"><a href="${escapeHtml(options.forgotHref)}">Forgot your password?</a> · <a href="${escapeHtml(options.cancelHref)}">Cancel</a></div>`,
  });

/** The second step of sign-in for users with multi-factor sign-in on. */
export const mfaCodePage = (options: { productName: string; action: string; cancelHref: string; error?: string | undefined }): string =>
  page({
    productName: options.productName,
    title: 'Enter your code',
    lead: `Open your authenticator app and enter the 6-digit code for ${options.productName}. Without your phone, enter one of your recovery codes.`,
    alert: options.error ? { kind: 'danger', text: options.error } : undefined,
    body: `<form method="post" action="${escapeHtml(options.action)}" autocomplete="off">
<label for="code">Code</label>
<input id="code" name="code" type="text" required autofocus maxlength="40" autocomplete="one-time-code" autocapitalize="none" spellcheck="false" aria-describedby="code-hint">
<p id="code-hint" class="hint">A recovery code works once.</p>
<button type="submit">Verify</button>
</form>
<div class="links"><a href="${escapeHtml(options.cancelHref)}">Cancel</a></div>`,
  });

/** The step of sign-in for a user whose address is not yet proved: the code emailed to it. */
export const confirmCodePage = (options: {
  productName: string;
  action: string;
  resendAction: string;
  cancelHref: string;
  email: string;
  minutes: number;
  error?: string | undefined;
  notice?: string | undefined;
}): string =>
  page({
    productName: options.productName,
    title: 'Confirm your email',
    lead: `We sent a 6-digit confirmation code to ${options.email}. Enter it to finish signing in. The code works for ${options.minutes} minutes.`,
    alert: options.error ? { kind: 'danger', text: options.error } : options.notice ? { kind: 'info', text: options.notice } : undefined,
    body: `<form method="post" action="${escapeHtml(options.action)}" autocomplete="off">
<label for="code">Confirmation code</label>
<input id="code" name="code" type="text" required autofocus inputmode="numeric" maxlength="12" autocomplete="one-time-code" spellcheck="false" aria-describedby="code-hint">
<p id="code-hint" class="hint">Not in your inbox? Look in your spam folder, or send a new code.</p>
<button type="submit">Confirm</button>
</form>
<form method="post" action="${escapeHtml(options.resendAction)}">
<button type="submit" class="secondary">Send a new code</button>
</form>
<div class="links"><a href="${escapeHtml(options.cancelHref)}">Cancel</a></div>`,
  });

export const forgotPasswordPage = (options: {
  productName: string;
  action: string;
  backHref: string;
  email?: string | undefined;
  error?: string | undefined;
  sent?: boolean;
}): string =>
  page({
    productName: options.productName,
    title: 'Reset your password',
    lead: 'Enter the email of your account and we will send you a link to choose a new password.',
    alert: options.error
      ? { kind: 'danger', text: options.error }
      : options.sent
        ? { kind: 'info', text: 'If an account uses that email, a reset link is on its way. The link works for one hour.' }
        : undefined,
    body: `<form method="post" action="${escapeHtml(options.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autofocus autocomplete="username" value="${escapeHtml(options.email ?? '')}">
<button type="submit">Send reset link</button>
</form>
<div class="links"><a href="${escapeHtml(options.backHref)}">Back to sign in</a></div>`,
  });

export const newPasswordPage = (options: {
  productName: string;
  action: string;
  error?: string | undefined;
  minLength: number;
  /** an invited user choosing the password of a new account */
  firstPassword?: boolean;
}): string =>
  page({
    productName: options.productName,
    title: options.firstPassword ? 'Choose your password' : 'Choose a new password',
    lead: options.firstPassword
      ? `You will sign in to ${options.productName} with your email and this password. Use at least ${options.minLength} characters.`
      : `Use at least ${options.minLength} characters.`,
    alert: options.error ? { kind: 'danger', text: options.error } : undefined,
    body: `<form method="post" action="${escapeHtml(options.action)}">
<label for="password">${options.firstPassword ? 'Password' : 'New password'}</label>
<input id="password" name="password" type="password" required minlength="${options.minLength}" autofocus autocomplete="new-password">
<label for="confirm">${options.firstPassword ? 'Repeat the password' : 'Repeat the new password'}</label>
<input id="confirm" name="confirm" type="password" required minlength="${options.minLength}" autocomplete="new-password">
<button type="submit">Set password</button>
</form>`,
  });

export const messagePage = (options: {
  productName: string;
  title: string;
  text: string;
  linkHref?: string;
  linkText?: string;
  danger?: boolean;
}): string =>
  page({
    productName: options.productName,
    title: options.title,
    alert: { kind: options.danger ? 'danger' : 'info', text: options.text },
    body: options.linkHref
      ? `<div class="links"><a href="${escapeHtml(options.linkHref)}">${escapeHtml(options.linkText ?? 'Continue')}</a></div>`
      : '',
  });

/** oidc-provider's sign-out confirmation: its form is submitted by the button, in our look. */
export const signOutPage = (options: { productName: string; form: string }): string =>
  page({
    productName: options.productName,
    title: 'Sign out',
    lead: `Do you want to sign out of ${options.productName}?`,
    body: `${options.form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  });
