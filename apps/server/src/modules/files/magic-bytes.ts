/**
 * Does a file's content match its extension? Binary formats by their signature ("magic bytes"),
 * text formats by being UTF-8 without NUL, and SVG additionally by being a plain drawing: an SVG
 * is a document that browsers will run scripts in when it is opened directly, so only ones
 * without any active content are accepted.
 */
import type { UploadableExtension } from '@cloudbay/contracts';
import { FILE_TYPES } from './file-types';

/** Binary signatures are all within this many leading bytes. */
export const HEAD_BYTES = 16;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
}

const isGif = (b: Uint8Array) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'));
const isWebp = (b: Uint8Array) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8);

const BINARY_CHECKS: Partial<Record<UploadableExtension, (bytes: Uint8Array) => boolean>> = {
  png: (b) => startsWith(b, PNG),
  jpg: (b) => startsWith(b, JPEG),
  jpeg: (b) => startsWith(b, JPEG),
  gif: isGif,
  webp: isWebp,
  pdf: (b) => startsWith(b, ascii('%PDF-')),
  zip: (b) => startsWith(b, ZIP),
  docx: (b) => startsWith(b, ZIP),
  xlsx: (b) => startsWith(b, ZIP),
  pptx: (b) => startsWith(b, ZIP),
  doc: (b) => startsWith(b, OLE),
  xls: (b) => startsWith(b, OLE),
  ppt: (b) => startsWith(b, OLE),
};

/** The text of `bytes` when they are valid UTF-8 without NUL characters, else undefined. */
export function utf8Text(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** `&#106;` and `&#x6A;` as the characters they stand for, so encoded text cannot hide a word. */
function decodeCharacterReferences(text: string): string {
  return text.replace(/&#(x[0-9a-f]+|\d+);?/gi, (whole, code: string) => {
    const point = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : parseInt(code, 10);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
  });
}

/** The document after its prolog: XML declaration, comments, processing instructions, spaces. */
function afterProlog(text: string): string {
  let rest = text;
  for (;;) {
    const trimmed = rest.trimStart();
    const skip = /^<\?[\s\S]*?\?>/.exec(trimmed) ?? /^<!--[\s\S]*?-->/.exec(trimmed);
    if (!skip) return trimmed;
    rest = trimmed.slice(skip[0].length);
  }
}

/** Markup that can run code or pull in other documents. */
const ACTIVE_SVG_CONTENT = [
  /<!DOCTYPE/i, // entities can hide anything below
  /<!ENTITY/i,
  /<(?:[\w.-]+:)?script[\s/>]/i, // also a prefixed <svg:script>
  /<(?:[\w.-]+:)?foreignObject[\s/>]/i,
  /<(?:[\w.-]+:)?(?:iframe|embed|object)[\s/>]/i,
  /[\s"'/:]on[a-z]+\s*=/i, // event handler attributes (onload=, <svg/onload=)
  /attributeName\s*=\s*["']?\s*on/i, // <set>/<animate> writing an event handler
];

/** True when `text` is an SVG drawing without scripts, event handlers or javascript: URLs. */
export function isSafeSvg(text: string): boolean {
  const body = afterProlog(text.replace(/^\uFEFF/, ''));
  if (!/^<svg[\s/>]/.test(body)) return false;
  const decoded = decodeCharacterReferences(text);
  if (ACTIVE_SVG_CONTENT.some((pattern) => pattern.test(decoded))) return false;
  // Browsers ignore spaces and control characters inside a URL scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const compact = decoded.replace(/[\s\u0000-\u001f]+/g, '');
  return !/javascript:/i.test(compact);
}

/**
 * Whether `bytes` fit the extension. Text formats (txt, csv, svg) need the whole file; binary
 * ones need at least their first HEAD_BYTES bytes.
 */
export function contentMatches(ext: UploadableExtension, bytes: Uint8Array): boolean {
  if (!FILE_TYPES[ext].text) return BINARY_CHECKS[ext]?.(bytes) ?? false;
  const text = utf8Text(bytes);
  if (text === undefined) return false;
  if (ext === 'svg') return isSafeSvg(text);
  // A vCard file opens with its first card.
  if (ext === 'vcf') {
    const firstLine =
      text
        .replace(/^\uFEFF/, '')
        .trimStart()
        .split(/\r?\n/, 1)[0] ?? '';
    return /^BEGIN:VCARD\s*$/i.test(firstLine);
  }
  return true;
}
