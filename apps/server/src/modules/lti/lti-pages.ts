import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';

export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const style = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:40rem;padding:0 1rem;color:#1a1b1e;line-height:1.5}
h1{font-size:1.4rem}ul{padding:0;list-style:none}li{margin:.5rem 0}button{font:inherit;padding:.5rem 1rem;border-radius:4px;
border:1px solid #1c7ed6;background:#1c7ed6;color:#fff;cursor:pointer}button.link{background:#fff;color:#1864ab;text-align:left;width:100%}
a{color:#1864ab}.note{color:#495057;font-size:.9rem}`;

export type PageOptions = {
  readonly status?: number;
  /** where its forms may post: the platform's address, besides this server */
  readonly formAction?: string;
  /** the page's own script, run under a nonce of the response's */
  readonly script?: string;
};

/**
 * A page of the tool's own, which platforms show in a frame or a window of theirs: framed by any
 * site (as the player for platforms is), with no script but its own and forms posting only where
 * it says. Its headers replace the console's, which forbid both.
 */
export const sendPage = (reply: FastifyReply, title: string, body: string, options: PageOptions = {}) => {
  const nonce = crypto.randomBytes(16).toString('base64');
  const formAction = options.formAction ? `'self' ${new URL(options.formAction).origin}` : "'self'";
  reply.raw.removeHeader('x-frame-options');
  // A registration page opened in a window of the platform's tells its opener it is done (postMessage).
  reply.raw.removeHeader('cross-origin-opener-policy');
  return reply
    .status(options.status ?? 200)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action ${formAction}; frame-ancestors *; base-uri 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title><style>${style}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main>` +
        (options.script ? `<script nonce="${nonce}">${options.script}</script>` : '') +
        `</body></html>`,
    );
};

/** A launch refused, said plainly: what happened, and what to do. */
export const sendRefusal = (reply: FastifyReply, status: number, message: string) =>
  sendPage(
    reply,
    'This activity could not be opened',
    `<p role="alert">${escapeHtml(message)}.</p><p>Nothing was recorded. If it happens again, show this message to the person who added the activity to the course.</p>`,
    { status },
  );

/** A form posted by the page itself on arrival, with a button for a browser that runs no script. */
export const sendAutoPost = (reply: FastifyReply, title: string, action: string, fields: Readonly<Record<string, string>>) =>
  sendPage(
    reply,
    title,
    `<form id="post" method="post" action="${escapeHtml(action)}">` +
      Object.entries(fields)
        .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
        .join('') +
      `<p>Sending you back to the course…</p><button type="submit">Continue</button></form>`,
    { formAction: action, script: 'document.getElementById("post").submit();' },
  );
