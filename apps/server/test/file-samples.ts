/**
 * Small files of every uploadable kind, with genuine signatures (the raster images are real ones
 * that decode, made with sharp), and helpers to post them.
 */
import { randomUUID } from 'node:crypto';
import type { UploadableExtension } from '@cloudbay/contracts';
import sharp from 'sharp';

const bytes = (...values: number[]) => Buffer.from(values);
const padded = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64, 7)]);

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);

/** Size of the sample images: not square, so a lost or swapped dimension shows. */
export const SAMPLE_IMAGE = { width: 12, height: 8 } as const;

/** A real image of `format` with SAMPLE_IMAGE's size. */
export function sampleImage(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  size: { width: number; height: number } = SAMPLE_IMAGE,
): Promise<Buffer> {
  return sharp({ create: { ...size, channels: 3, background: '#1677ff' } })
    .toFormat(format)
    .toBuffer();
}

const [PNG_IMAGE, JPEG_IMAGE, GIF_IMAGE, WEBP_IMAGE] = await Promise.all([
  sampleImage('png'),
  sampleImage('jpeg'),
  sampleImage('gif'),
  sampleImage('webp'),
]);

export const FILE_SAMPLES: Record<UploadableExtension, Buffer> = {
  png: PNG_IMAGE,
  jpg: JPEG_IMAGE,
  jpeg: JPEG_IMAGE,
  gif: GIF_IMAGE,
  webp: WEBP_IMAGE,
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
  ),
  pdf: padded(Buffer.from('%PDF-1.7\n')),
  txt: Buffer.from('hello, 世界\n'),
  csv: Buffer.from('name,amount\n张三,5\n'),
  vcf: Buffer.from('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:张三\r\nTEL:13800138000\r\nEND:VCARD\r\n'),
  doc: padded(OLE),
  docx: padded(ZIP),
  xls: padded(OLE),
  xlsx: padded(ZIP),
  ppt: padded(OLE),
  pptx: padded(ZIP),
  zip: padded(ZIP),
};

/** A multipart/form-data body with one file part (field `field`, the client's name `fileName`). */
export function multipartFile(fileName: string, content: Buffer, field = 'file') {
  const boundary = `----cloudbay-${randomUUID()}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
