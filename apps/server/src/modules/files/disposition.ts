/** Names of downloaded files in headers: an ASCII fallback and the exact UTF-8 name (RFC 6266). */

/** The name percent-encoded as RFC 5987 `ext-value` characters allow (also what `download-filename` carries). */
export function encodeFileName(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A printable ASCII stand-in for old clients: other characters, quotes and backslashes become `_`. */
export function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}

/** `attachment; filename="…"; filename*=UTF-8''…` */
export function attachmentDisposition(name: string): string {
  return `attachment; filename="${asciiFileName(name)}"; filename*=UTF-8''${encodeFileName(name)}`;
}
