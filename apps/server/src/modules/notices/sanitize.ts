/**
 * Announcement HTML comes from the operators' rich-text editor (Quill) and is shown to every
 * customer, so it is cleaned on write with an allow-list: what Quill produces stays, scripts,
 * event handlers, foreign styles and unsafe URLs go.
 */
import sanitizeHtml, { type IOptions } from 'sanitize-html';

const LINK_HREF = /^(https?:|mailto:)/i;
/** Images from the web or uploaded through the console's own file store. */
const IMAGE_SRC = /^(https:\/\/|\/api\/common\/files\/)/i;
const HTTPS = /^https:\/\//i;
const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.]+%?(\s*,\s*[\d.]+%?){2,3}\s*\)$/i];

/** Drops one attribute when its value fails the rule; the others keep their order. */
function keepIf(attribs: sanitizeHtml.Attributes, name: string, rule: RegExp): sanitizeHtml.Attributes {
  return Object.fromEntries(
    Object.entries(attribs).filter(([key, value]) => key !== name || rule.test(value.trim())),
  );
}

const options: IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ol',
    'ul',
    'li',
    'blockquote',
    'pre',
    'span',
    'a',
    'img',
    'iframe',
  ],
  allowedAttributes: {
    '*': ['class', 'style'],
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'frameborder', 'allowfullscreen'],
  },
  allowedClasses: { '*': ['ql-*'] },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(left|right|center|justify)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // Links leave the console: a new tab that cannot reach back into it.
    a: (tagName, attribs) => {
      const { rel: _rel, target: _target, ...rest } = keepIf(attribs, 'href', LINK_HREF);
      return { tagName, attribs: { ...rest, rel: 'noopener noreferrer', target: '_blank' } };
    },
    img: (tagName, attribs) => ({ tagName, attribs: keepIf(attribs, 'src', IMAGE_SRC) }),
    // Quill embeds videos as <iframe class="ql-video">; any other frame is dropped below.
    iframe: (tagName, attribs) => {
      const isVideo = (attribs.class ?? '').split(/\s+/).includes('ql-video');
      const kept = keepIf(attribs, 'src', HTTPS);
      return { tagName, attribs: isVideo ? kept : { ...kept, src: '' } };
    },
  },
  exclusiveFilter: (frame) => {
    if ((frame.tag === 'img' || frame.tag === 'iframe') && !frame.attribs.src) return true;
    return frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false;
  },
};

/** The announcement HTML with only what the allow-list permits. */
export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, options);
}
