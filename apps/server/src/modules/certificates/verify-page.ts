import { hours } from './certificate-pdf';
import type { Verification } from './certificates.service';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The public verification page of a certificate code: whether it is a valid certificate, and if
 * so only what the certificate itself states, so that whoever holds the paper can match it.
 */
export const verifyPage = (code: string, verification: Verification): string => {
  const [title, colour, body] =
    verification.state === 'valid'
      ? [
          'Valid certificate',
          '#1b7f3b',
          `<p><strong>${escape(verification.learner)}</strong> passed <strong>${escape(verification.scenario)}</strong> on ${escape(
            day(verification.passedAt),
          )}.</p>${verification.creditHours === null ? '' : `<p>${escape(hours(verification.creditHours))} of credit.</p>`}<p>Issued by ${escape(verification.space)}.</p>`,
        ]
      : verification.state === 'revoked'
        ? ['Certificate revoked', '#b42318', '<p>This certificate was revoked by the space that issued it: it is no longer valid.</p>']
        : ['No such certificate', '#b42318', '<p>No certificate has this code. Check the code as printed on the certificate.</p>'];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}: Resim</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #f8f9fa; color: #212529; }
main { max-width: 36rem; margin: 4rem auto; padding: 2rem; background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
h1 { color: ${colour}; font-size: 1.6rem; margin-top: 0; }
.code { color: #495057; font-family: ui-monospace, monospace; }
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${body}
<p class="code">Certificate code ${escape(code)}</p>
</main>
</body>
</html>
`;
};
