/**
 * TRC20 (TRON) address check: base58 of 25 bytes — the version byte 0x41, the 20-byte account and
 * a 4-byte checksum, the first bytes of sha256(sha256(version + account)). A typo in any character
 * changes the checksum, so a mistyped address is refused before money is sent to it.
 */
import { createHash } from 'node:crypto';
import { TRC20_ADDRESS_PATTERN } from '@cloudbay/contracts';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const TRON_VERSION = 0x41;

/** The bytes of a base58 text (leading '1's are leading zero bytes); undefined if not base58. */
export function base58Decode(text: string): Buffer | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Buffer.from(bytes);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();

/** Whether `address` is a TRON address whose base58check checksum matches. */
export function isValidTrc20Address(address: string): boolean {
  if (!TRC20_ADDRESS_PATTERN.test(address)) return false;
  const bytes = base58Decode(address);
  if (!bytes || bytes.length !== 25 || bytes[0] !== TRON_VERSION) return false;
  const payload = bytes.subarray(0, 21);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return checksum.equals(bytes.subarray(21));
}
