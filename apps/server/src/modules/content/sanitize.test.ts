import { describe, expect, it } from 'vitest';
import { sanitizeContentHtml } from './sanitize';

describe('sanitizeContentHtml', () => {
  it('removes scripts with their text, event handlers, javascript: links and frames', () => {
    const html = sanitizeContentHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p>' +
        '<img src="x.png" onerror="alert(1)">' +
        '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>' +
        '<iframe src="https://evil.example"></iframe><object data="x"></object>' +
        '<svg onload="alert(1)"><script>alert(2)</script></svg><form><input></form>',
    );
    expect(html).not.toMatch(
      /script|alert|onclick|onerror|onload|javascript|iframe|object|svg|form|input/i,
    );
    expect(html).toContain('<p>Hi</p>');
  });

  it('keeps the allowed tags, and opens links safely in a new tab', () => {
    expect(sanitizeContentHtml('<h2>T</h2><ul><li><strong>a</strong></li></ul>')).toBe(
      '<h2>T</h2><ul><li><strong>a</strong></li></ul>',
    );
    expect(
      sanitizeContentHtml('<a href="https://x.example" target="_self" rel="opener">x</a>'),
    ).toBe('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeContentHtml('<a href="mailto:help@x.example">m</a>')).toContain(
      'href="mailto:help@x.example"',
    );
  });

  it('allows images from http(s) and this site only', () => {
    expect(sanitizeContentHtml('<img src="/wps/img/a.svg" alt="a">')).toBe(
      '<img src="/wps/img/a.svg" alt="a" loading="lazy" />',
    );
    expect(sanitizeContentHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeContentHtml('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeContentHtml('<img src="//evil.example/x.png">')).toBe('');
  });

  it('keeps harmless inline styles and drops any that could load a URL', () => {
    expect(
      sanitizeContentHtml(
        '<p style="color:#f5b301;text-align:center;background-image:url(https://x)">s</p>',
      ),
    ).toBe('<p style="color:#f5b301;text-align:center">s</p>');
    expect(sanitizeContentHtml('<span style="color:expression(alert(1))">e</span>')).toBe(
      '<span>e</span>',
    );
    expect(sanitizeContentHtml('<p class="x" id="y">c</p>')).toBe('<p>c</p>');
  });
});
