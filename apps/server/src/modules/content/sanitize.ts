/**
 * Operator HTML (promotion and notice bodies, popups) is cleaned when it is written, so what is
 * stored and served can run no script in a player's page: a small tag set, links to http(s) and
 * mailto only (opened with rel=noopener), images from http(s) or this site, a few inline styles
 * whose values cannot hold a URL. Everything else is dropped, scripts with their text.
 */
import sanitizeHtml from 'sanitize-html';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.\s,%]+\)$/i, /^[a-z]{3,20}$/i];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'small',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'h1',
    'h2',
    'h3',
    'h4',
    'span',
    'div',
    'blockquote',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    // target, rel and loading are set by the transforms below, never taken from the input.
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style'],
    p: ['style'],
    span: ['style'],
    div: ['style'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    li: ['style'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify|start|end)$/],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
    },
  },
  // Links leave the site in a new tab without handing it our window.
  transformTags: {
    a: (tagName, { target: _target, rel: _rel, ...attribs }) => ({
      tagName,
      attribs: attribs.href
        ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' }
        : attribs,
    }),
    img: (tagName, { loading: _loading, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, loading: 'lazy' },
    }),
  },
  // An image whose address was refused would only be a broken box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
};

/** The HTML as it may be stored and shown. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
