/**
 * Raster images are decoded and encoded again before they are kept (issue 14): what is stored is
 * only the pixels sharp could read, so a file that merely starts with an image signature (a PNG
 * header followed by HTML) is refused, and metadata such as EXIF with GPS positions is left behind.
 * SVG is a document, not pixels: it keeps its own check (magic-bytes.ts).
 */
import { ErrorCode, type UploadableExtension } from '@cloudbay/contracts';
import sharp, { type FormatEnum, type Sharp } from 'sharp';
import { AppError } from '../../lib/errors';

/**
 * The most pixels (all frames of an animation together) an upload may decode to: 40 MP holds
 * every phone photo and keeps a few-kilobyte "decompression bomb" from taking gigabytes.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

type RasterFormat = keyof Pick<FormatEnum, 'png' | 'jpeg' | 'gif' | 'webp'>;

/** The format sharp reads and writes for each raster extension. */
const RASTER_FORMATS: Partial<Record<UploadableExtension, RasterFormat>> = {
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  webp: 'webp',
};

/** Lossy formats are written near-losslessly: the picture is the user's, only its container is ours. */
const ENCODE: Record<RasterFormat, (image: Sharp) => Sharp> = {
  png: (image) => image.png(),
  jpeg: (image) => image.jpeg({ quality: 90 }),
  gif: (image) => image.gif(),
  webp: (image) => image.webp({ quality: 90 }),
};

export function isRasterExtension(ext: UploadableExtension): boolean {
  return RASTER_FORMATS[ext] !== undefined;
}

const mismatch = (ext: UploadableExtension) =>
  new AppError('unsupported_media_type', ErrorCode.UPLOAD_CONTENT_MISMATCH, { ext });

/**
 * The image in `bytes` decoded and encoded again as the same format: EXIF orientation applied
 * (so photos stay upright once the tag is gone), every metadata block dropped (sharp keeps none
 * unless asked), animation frames kept. Content that does not fully decode as the extension's
 * format answers 415 UPLOAD_CONTENT_MISMATCH; more than IMAGE_MAX_PIXELS answers 413.
 */
export async function reencodeImage(ext: UploadableExtension, bytes: Buffer): Promise<Buffer> {
  const format = RASTER_FORMATS[ext];
  if (!format) throw new Error(`not a raster image extension: ${ext}`);
  const options = {
    animated: true,
    autoOrient: true,
    // Truncated or corrupt pixel data is refused, not stored half grey; mere warnings (libpng's
    // about a common sRGB profile, say) would refuse ordinary photos and are let through.
    failOn: 'error',
    // A backstop: the header check below refuses first, with a message.
    limitInputPixels: IMAGE_MAX_PIXELS,
  } as const;
  let pixels: number;
  try {
    // Reading the header decodes no pixels, so it may look past the limit to name it.
    const header = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
    if (header.format !== format) throw mismatch(ext);
    pixels = header.width * header.height;
  } catch (error) {
    throw error instanceof AppError ? error : mismatch(ext);
  }
  if (pixels > IMAGE_MAX_PIXELS) {
    throw new AppError('payload_too_large', ErrorCode.UPLOAD_IMAGE_TOO_LARGE, {
      megapixels: IMAGE_MAX_PIXELS / 1_000_000,
    });
  }
  try {
    return await ENCODE[format](sharp(bytes, options)).toBuffer();
  } catch {
    throw mismatch(ext);
  }
}
