import { describe, expect, it } from 'vitest';
import { isKeyPairName, isOpenSshPublicKeyLine, keyPairNameRules, privateKeyFileName } from './key-pair-name';

describe('key pair name rule', () => {
  it('accepts 2–128 characters of Chinese, English letters, digits, _ and -', () => {
    expect(isKeyPairName('ab')).toBe(true);
    expect(isKeyPairName('测试')).toBe(true);
    expect(isKeyPairName('adb-key_01')).toBe(true);
    expect(isKeyPairName('研发key-2026')).toBe(true);
    expect(isKeyPairName('a'.repeat(128))).toBe(true);
  });

  it('refuses names too short or too long, as the server measures them (trimmed)', () => {
    expect(isKeyPairName('a')).toBe(false);
    expect(isKeyPairName('  a  ')).toBe(false);
    expect(isKeyPairName('a'.repeat(129))).toBe(false);
    expect(isKeyPairName('  ab  ')).toBe(true);
  });

  it('refuses spaces inside, dots, slashes and other symbols', () => {
    for (const name of ['my key', 'key.pem', '../etc', 'key/1', 'ключ', 'key!', '密钥，一']) {
      expect(isKeyPairName(name), name).toBe(false);
    }
  });

  it('makes form rules that say which rule failed', async () => {
    const [required, pattern] = keyPairNameRules({ required: 'required', invalid: 'invalid' });
    expect(required).toMatchObject({ required: true, message: 'required' });
    const validate = (value: string) => pattern!.validator!({}, value, () => undefined) as Promise<void>;
    await expect(validate('ok-name')).resolves.toBeUndefined();
    await expect(validate('x')).rejects.toThrow('invalid');
    // An empty field is the required rule's to report, not this one's.
    await expect(validate('')).resolves.toBeUndefined();
  });

  it('saves a private key under the pair name', () => {
    expect(privateKeyFileName('adb-key')).toBe('adb-key.pem');
  });
});

describe('public key check', () => {
  it('takes an OpenSSH line of a known type, with or without a comment', () => {
    expect(isOpenSshPublicKeyLine('ssh-rsa AAAAB3NzaC1yc2EAAAADAQAB user@host')).toBe(true);
    expect(isOpenSshPublicKeyLine('  ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG==  ')).toBe(true);
    expect(isOpenSshPublicKeyLine('ecdsa-sha2-nistp256 AAAAE2VjZHNh')).toBe(true);
  });

  it('refuses private keys, unknown types and lines that are not keys', () => {
    expect(isOpenSshPublicKeyLine('-----BEGIN PRIVATE KEY-----\nMIIE')).toBe(false);
    expect(isOpenSshPublicKeyLine('ssh-dss AAAAB3NzaC1kc3M=')).toBe(false);
    expect(isOpenSshPublicKeyLine('AAAAB3NzaC1yc2EAAAADAQAB')).toBe(false);
    expect(isOpenSshPublicKeyLine('ssh-rsa !!!!')).toBe(false);
    expect(isOpenSshPublicKeyLine('ssh-rsa AAAA\nssh-rsa BBBB')).toBe(false);
  });
});
