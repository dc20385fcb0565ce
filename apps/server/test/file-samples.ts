/** Small files of every uploadable kind, with genuine signatures, and helpers to post them. */
import { randomUUID } from 'node:crypto';
import type { UploadableExtension } from '@cloudbay/contracts';

const bytes = (...values: number[]) => Buffer.from(values);
const padded = (head: Buffer) => Buffer.concat([head, Buffer.alloc(64, 7)]);

const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0);
const ZIP = bytes(0x50, 0x4b, 0x03, 0x04);
const OLE = bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);

export const FILE_SAMPLES: Record<UploadableExtension, Buffer> = {
  png: padded(PNG),
  jpg: padded(JPEG),
  jpeg: padded(JPEG),
  gif: padded(Buffer.from('GIF89a')),
  webp: padded(Buffer.concat([Buffer.from('RIFF'), bytes(0x44, 0, 0, 0), Buffer.from('WEBPVP8 ')])),
  svg: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
  ),
  pdf: padded(Buffer.from('%PDF-1.7\n')),
  txt: Buffer.from('hello, 世界\n'),
  csv: Buffer.from('name,amount\n张三,5\n'),
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
