/** Escaping for the few pages and images the server writes as text (HTML, SVG). */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `value` safe inside HTML or XML text and quoted attribute values. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

export interface HtmlDocument {
  language: string;
  title: string;
  /** The page's stylesheet (the CSP allows inline styles, no inline script). */
  style: string;
  /** Markup, already escaped where it shows data. */
  body: string;
  /** Reload the page after this many seconds (a meta refresh); absent: never. */
  refreshSeconds?: number;
}

/** A small standalone page the server writes itself (the simulated cloud's connection pages). */
export function htmlDocument({ language, title, style, body, refreshSeconds }: HtmlDocument): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(language)}">`,
    '<head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // The address holds a ticket: it must not leak to other sites through the Referer header.
    '<meta name="referrer" content="no-referrer">',
    refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : '',
    `<title>${escapeHtml(title)}</title><style>${style}</style></head>`,
    `<body>${body}</body></html>`,
  ].join('');
}
