/**
 * SSH public keys for ADB key pairs: generating a pair, reading an OpenSSH or ADB public key and
 * its fingerprint. Shared by the console's key pairs and the simulated cloud's.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';

/** An SSH wire-format string: its length (4 bytes, big-endian), then the bytes. */
function sshString(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** `ssh-rsa <base64>` of a fresh 2048-bit RSA pair and its private key in PEM (PKCS#8). */
export function generateRsaKeyPair(): { publicKey: string; privateKeyBody: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' });
  const mpint = (base64url: string) => {
    const bytes = Buffer.from(base64url, 'base64url');
    // An mpint is signed: a leading byte with the high bit set needs a zero in front.
    return (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes;
  };
  const blob = Buffer.concat([
    sshString(Buffer.from('ssh-rsa')),
    sshString(mpint(jwk.e ?? '')),
    sshString(mpint(jwk.n ?? '')),
  ]);
  return {
    publicKey: `ssh-rsa ${blob.toString('base64')}`,
    privateKeyBody: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
  };
}

/** The key body of an OpenSSH (`ssh-rsa AAAA… comment`) or ADB (`AAAA… user@host`) public key. */
export function publicKeyBody(publicKey: string): Buffer | undefined {
  const body = publicKey
    .trim()
    .split(/\s+/)
    .find((part) => /^[A-Za-z0-9+/]{100,}={0,2}$/.test(part));
  return body === undefined ? undefined : Buffer.from(body, 'base64');
}

/** The MD5 fingerprint (aa:bb:…) of a key body. */
export function md5Fingerprint(body: Buffer): string {
  return createHash('md5').update(body).digest('hex').match(/../g)!.join(':');
}

const OPENSSH_TYPES = [
  'ssh-rsa',
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
];

/**
 * An OpenSSH public key line (`<type> <base64> [comment]`) normalised to `<type> <base64>`, or
 * undefined when it is not one: the type must be known and the body must name the same type.
 */
export function normaliseOpenSshPublicKey(line: string): string | undefined {
  const match = /^(\S+) ([A-Za-z0-9+/]+={0,2})(?: [^\r\n]*)?$/.exec(line.trim());
  if (!match || !OPENSSH_TYPES.includes(match[1]!)) return undefined;
  const body = Buffer.from(match[2]!, 'base64');
  if (body.length < 4) return undefined;
  const typeLength = body.readUInt32BE(0);
  if (body.subarray(4, 4 + typeLength).toString() !== match[1]) return undefined;
  return `${match[1]} ${match[2]}`;
}
