/**
 * The key pair name rule (spec §5): 2–128 characters of Chinese, English letters, digits, `_` and
 * `-`, checked with the contract's own pattern on the name as the server trims it.
 */
import type { RuleObject } from 'antd/es/form';
import { KEY_PAIR_NAME_PATTERN } from '@cloudbay/contracts/core';

/** The longest name the rule allows (the input stops a little past it so the message can show). */
export const KEY_PAIR_NAME_MAX = 128;

export function isKeyPairName(value: string): boolean {
  return KEY_PAIR_NAME_PATTERN.test(value.trim());
}

/** The form rules of a key pair name: required, then the pattern, each with its message. */
export function keyPairNameRules(messages: { required: string; invalid: string }): RuleObject[] {
  return [
    { required: true, whitespace: true, message: messages.required },
    {
      validator: (_, value: unknown) =>
        typeof value !== 'string' || value.trim() === '' || isKeyPairName(value)
          ? Promise.resolve()
          : Promise.reject(new Error(messages.invalid)),
    },
  ];
}

/** The file a private key is saved as: the pair's name, which the rule keeps safe for file names. */
export function privateKeyFileName(name: string): string {
  return `${name}.pem`;
}

/**
 * The shape the server imports (lib/ssh-keys.ts): `<type> <base64> [comment]` with a type it knows.
 * The server also checks that the key body names the same type; this catches the usual slips (a
 * private key, a fingerprint, a partial copy) before the round trip.
 */
const OPENSSH_PUBLIC_KEY_LINE =
  /^(ssh-rsa|ssh-ed25519|ecdsa-sha2-nistp(256|384|521)) [A-Za-z0-9+/]+={0,2}(?: [^\r\n]*)?$/;

export function isOpenSshPublicKeyLine(value: string): boolean {
  return OPENSSH_PUBLIC_KEY_LINE.test(value.trim());
}
