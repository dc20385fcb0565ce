/**
 * What the server knows about each uploadable extension: its MIME type, whether it is an image
 * that may be shown inline, and whether the content check needs the whole file (text formats)
 * or only its first bytes (binary formats with a signature).
 */
import { UPLOADABLE_EXTENSIONS, type UploadableExtension } from '@cloudbay/contracts';

interface FileType {
  mime: string;
  /** Served inline by GET /common/files/… (for <img src>); everything else only as a download. */
  image: boolean;
  /** Checked as text (UTF-8), so the whole file is read; binary formats need only a head. */
  text: boolean;
}

const OFFICE_XML = 'application/vnd.openxmlformats-officedocument';

export const FILE_TYPES: Record<UploadableExtension, FileType> = {
  png: { mime: 'image/png', image: true, text: false },
  jpg: { mime: 'image/jpeg', image: true, text: false },
  jpeg: { mime: 'image/jpeg', image: true, text: false },
  gif: { mime: 'image/gif', image: true, text: false },
  webp: { mime: 'image/webp', image: true, text: false },
  svg: { mime: 'image/svg+xml', image: true, text: true },
  pdf: { mime: 'application/pdf', image: false, text: false },
  txt: { mime: 'text/plain; charset=utf-8', image: false, text: true },
  csv: { mime: 'text/csv; charset=utf-8', image: false, text: true },
  doc: { mime: 'application/msword', image: false, text: false },
  docx: { mime: `${OFFICE_XML}.wordprocessingml.document`, image: false, text: false },
  xls: { mime: 'application/vnd.ms-excel', image: false, text: false },
  xlsx: { mime: `${OFFICE_XML}.spreadsheetml.sheet`, image: false, text: false },
  ppt: { mime: 'application/vnd.ms-powerpoint', image: false, text: false },
  pptx: { mime: `${OFFICE_XML}.presentationml.presentation`, image: false, text: false },
  zip: { mime: 'application/zip', image: false, text: false },
  vcf: { mime: 'text/vcard; charset=utf-8', image: false, text: true },
};

export const IMAGE_EXTENSIONS = UPLOADABLE_EXTENSIONS.filter((ext) => FILE_TYPES[ext].image);

export function isUploadableExtension(ext: string): ext is UploadableExtension {
  return (UPLOADABLE_EXTENSIONS as readonly string[]).includes(ext);
}

export function isImageExtension(ext: string): boolean {
  return isUploadableExtension(ext) && FILE_TYPES[ext].image;
}

/** The lower-case extension of a client's file name ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}
