import { describe, expect, it } from 'vitest';
import { builtInTemplates } from '@resim/domain/email';
import { emailSafeHtml } from './email-html';

describe('email-safe HTML', () => {
  it('keeps what mail clients render, the templates’ placeholders among it, and names nothing removed', () => {
    const html =
      '<p style="color: #333; font-size: 14px">Hello <strong>{{recipientEmail}}</strong>,</p>' +
      '<table width="100%" cellpadding="4"><tr><td align="left">{{#if newAccount}}Choose{{else}}Sign in{{/if}}</td></tr></table>' +
      '<p><a href="{{signInUrl}}" target="_blank">Open</a> · <a href="mailto:help@example.test">Help</a></p>' +
      '<img src="https://example.test/logo.png" alt="Logo" width="120">';
    const safe = emailSafeHtml(html);
    expect(safe.removed).toEqual([]);
    // Written again by the sanitiser, which compacts styles and closes empty elements; the words stay.
    expect(safe.html).toBe(
      html.replace('color: #333; font-size: 14px', 'color:#333;font-size:14px').replace('width="120">', 'width="120" />'),
    );
    for (const template of builtInTemplates) expect(emailSafeHtml(template.content).removed).toEqual([]);
  });

  it('takes out scripts, handlers, javascript: links, objects, frames, forms, base and style sheets, and says what it took', () => {
    const safe = emailSafeHtml(
      '<base href="https://evil.test/"><style>p{color:red}</style>' +
        '<p onclick="steal()" onmouseover="steal()">Hi<script>alert(1)</script></p>' +
        '<a href="javascript:alert(1)">Win</a> <a href=" JaVaScRiPt:alert(2)">Again</a>' +
        '<object data="x.swf"></object><iframe src="https://evil.test"></iframe>' +
        '<form action="https://evil.test"><input name="password"></form>' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4=" onerror="steal()">' +
        '<div style="background-image: url(https://evil.test/track.png); color: red">x</div>',
    );
    expect(safe.html).not.toMatch(/script|onclick|onmouseover|onerror|javascript|<object|<iframe|<form|<input|<base|<style|url\(/i);
    expect(safe.html).toContain('<p>Hi</p>');
    expect(safe.html).toContain('<a>Win</a>');
    expect(safe.removed).toEqual([
      '<base>',
      'href on <base>',
      '<style>',
      'onclick on <p>',
      'onmouseover on <p>',
      '<script>',
      'href="javascript:…" on <a>',
      '<object>',
      'data on <object>',
      '<iframe>',
      'src on <iframe>',
      '<form>',
      'action on <form>',
      '<input>',
      'name on <input>',
      'src="data:…" on <img>',
      'onerror on <img>',
      'background-image in the style of <div>',
    ]);
  });
});
