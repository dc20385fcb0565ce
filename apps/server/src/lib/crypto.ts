import { createHash, randomBytes, randomInt } from 'node:crypto';

/** SHA-256 as lower-case hex: how tokens, codes and captcha answers are stored. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** An opaque 256-bit token, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** `length` random decimal digits, leading zeros kept. */
export function randomDigits(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short code without look-alike characters (invite codes). */
export function randomCode(length: number): string {
  return Array.from({ length }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('');
}
