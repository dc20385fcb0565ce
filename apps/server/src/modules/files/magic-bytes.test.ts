import { UPLOADABLE_EXTENSIONS, type UploadableExtension } from '@cloudbay/contracts';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, encodeFileName } from './disposition';
import { extensionOf } from './file-types';
import { contentMatches, isSafeSvg, utf8Text } from './magic-bytes';
import { newStoredName, storedPath } from './storage';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => new TextEncoder().encode(value);
const withTail = (head: Uint8Array) =>
  Uint8Array.from([...head, 0x00, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70]);

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
const GIF = text('GIF89a');
const WEBP = Uint8Array.from([...text('RIFF'), 0x24, 0, 0, 0, ...text('WEBPVP8 ')]);
const PDF = text('%PDF-1.7\n');
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00);
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
const SVG = text(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"></svg>',
);

/** A sample that fits each extension. */
const SAMPLES: Record<UploadableExtension, Uint8Array> = {
  png: withTail(PNG),
  jpg: withTail(JPEG),
  jpeg: withTail(JPEG),
  gif: withTail(GIF),
  webp: WEBP,
  svg: SVG,
  pdf: PDF,
  txt: text('hello, 世界\n'),
  csv: text('name,amount\n张三,5\n'),
  doc: withTail(OLE),
  docx: withTail(ZIP),
  xls: withTail(OLE),
  xlsx: withTail(ZIP),
  ppt: withTail(OLE),
  pptx: withTail(ZIP),
  zip: withTail(ZIP),
  vcf: text('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:张三\r\nTEL:13800138000\r\nEND:VCARD\r\n'),
};

describe('contentMatches', () => {
  it.each(UPLOADABLE_EXTENSIONS)('accepts a genuine .%s', (ext) => {
    expect(contentMatches(ext, SAMPLES[ext])).toBe(true);
  });

  it.each([
    ['png', text('just some text, not a picture')],
    ['png', withTail(JPEG)],
    ['jpg', withTail(PNG)],
    ['gif', text('GIF88a......')],
    ['webp', Uint8Array.from([...text('RIFF'), 0, 0, 0, 0, ...text('WAVEfmt ')])],
    ['pdf', text('%PDX-1.7')],
    ['docx', withTail(OLE)],
    ['doc', withTail(ZIP)],
    ['zip', bytes(0x50, 0x4b, 0x05, 0x06)],
    ['vcf', text('name,phone\n张三,13800138000\n')],
    ['png', bytes(0x89, 0x50)], // shorter than the signature
    ['pdf', bytes()],
  ] as const)('refuses a .%s with other content (%#)', (ext, content) => {
    expect(contentMatches(ext, content)).toBe(false);
  });

  it('refuses text files that are not UTF-8 or contain NUL', () => {
    expect(contentMatches('txt', bytes(0x68, 0x69, 0xff, 0xfe))).toBe(false);
    expect(contentMatches('csv', text('a,b\u0000c'))).toBe(false);
    expect(contentMatches('txt', withTail(PNG))).toBe(false);
  });

  it('refuses an SVG that is not UTF-8 or whose root is not <svg>', () => {
    expect(contentMatches('svg', bytes(0x3c, 0x73, 0x76, 0x67, 0x20, 0xff))).toBe(false);
    expect(contentMatches('svg', text('<html><svg></svg></html>'))).toBe(false);
    expect(contentMatches('svg', text('hello'))).toBe(false);
  });
});

describe('utf8Text', () => {
  it('decodes UTF-8 and drops the BOM', () => {
    expect(utf8Text(Uint8Array.from([0xef, 0xbb, 0xbf, ...text('ok')]))).toBe('ok');
  });
});

describe('isSafeSvg', () => {
  const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`;

  it.each([
    svg('<circle cx="2" cy="2" r="2" fill="#2395FF"/>'),
    `\uFEFF<!-- logo --><?xml version="1.0"?>\n${svg('<rect width="4" height="4"/>')}`,
    svg('<style>.a{fill:red}</style><text>turn on the lights</text>'),
    svg('<a href="https://cloudbay.example/"><path d="M0 0L4 4"/></a>'),
  ])('accepts a plain drawing (%#)', (doc) => {
    expect(isSafeSvg(doc)).toBe(true);
  });

  it.each([
    ['script', svg('<script>alert(1)</script>')],
    ['prefixed script', svg('<s:script xmlns:s="http://www.w3.org/2000/svg">alert(1)</s:script>')],
    ['onload', svg('', ' onload="alert(1)"')],
    ['slash onload', '<svg/onload=alert(1)>'],
    ['handler on a child', svg('<rect ONCLICK = "x()"/>')],
    ['javascript href', svg('<a href="javascript:alert(1)"><rect/></a>')],
    ['split scheme', svg('<a href="java\tscript:alert(1)"><rect/></a>')],
    ['encoded scheme', svg('<a href="&#106;avascript&#x3A;alert(1)"><rect/></a>')],
    [
      'foreignObject',
      svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'),
    ],
    ['animated handler', svg('<set attributeName="onmouseover" to="alert(1)"/>')],
    ['iframe', svg('<iframe src="https://evil.example"></iframe>')],
    ['doctype entities', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('<text>&x;</text>')}`],
    ['html root', '<html><body><svg></svg></body></html>'],
    ['upper-case root', '<SVG></SVG>'],
  ])('refuses %s', (_name, doc) => {
    expect(isSafeSvg(doc)).toBe(false);
  });
});

describe('extensionOf', () => {
  it.each([
    ['Report.PDF', 'pdf'],
    ['archive.tar.zip', 'zip'],
    ['noext', ''],
    ['.png', ''],
    ['trailing.', ''],
  ])('%s → %s', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});

describe('stored names', () => {
  const root = '/data/uploads';

  it('are dated folders with a random name', () => {
    const name = newStoredName('png', new Date('2026-03-04T23:59:00Z'));
    expect(name).toMatch(/^2026\/03\/04\/[0-9a-f-]{36}\.png$/);
    expect(storedPath(root, name)).toBe(`${root}/${name}`);
  });

  it.each([
    '../../etc/passwd',
    '2026/03/04/../../../../etc/passwd',
    '/etc/passwd',
    '2026/03/04/00000000-0000-0000-0000-000000000000.png/..',
    '.incoming/00000000-0000-0000-0000-000000000000.part',
  ])('refuses %s as a path', (name) => {
    expect(storedPath(root, name)).toBeUndefined();
  });
});

describe('Content-Disposition', () => {
  it('has an ASCII fallback and the exact UTF-8 name', () => {
    expect(attachmentDisposition('季度 "报告" (v2).pdf')).toBe(
      `attachment; filename="__ ____ (v2).pdf"; filename*=UTF-8''%E5%AD%A3%E5%BA%A6%20%22%E6%8A%A5%E5%91%8A%22%20%28v2%29.pdf`,
    );
    expect(decodeURIComponent(encodeFileName("it's (1).txt"))).toBe("it's (1).txt");
  });
});
