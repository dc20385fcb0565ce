import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Whether a stored hash was made with weaker parameters than today's (or is not argon2id), so the
 * next successful login stores a new one. Stronger hashes are kept.
 */
export function needsRehash(passwordHash: string): boolean {
  const match = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [memory, time, lanes] = match.slice(1).map(Number) as [number, number, number];
  return memory < OPTIONS.memoryCost || time < OPTIONS.timeCost || lanes < OPTIONS.parallelism;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never logs anybody in
  }
}

/**
 * A real hash of a random password, verified against when the e-mail is unknown, so that a login
 * for a missing account costs the same time as a wrong password (no account enumeration by timing).
 */
export const decoyHash = hashPassword(`decoy-${Math.random()}`);
