/**
 * Hash-based randomness for the simulated cloud: the same inputs give the same numbers in every
 * process and after every restart, so metrics, addresses and fault draws need no stored state.
 */

/** FNV-1a (32 bit) of a string: the seed of an instance id, a client token… */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Mixes a seed with an integer (a minute number, a salt) into 32 well-spread bits (lowbias32). */
export function mix(seed: number, n: number): number {
  let x = (seed ^ Math.imul(n | 0, 0x9e3779b9) ^ Math.floor(n / 0x1_0000_0000)) >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A number in [0, 1) for (seed, n). */
export function unit(seed: number, n = 0): number {
  return mix(seed, n) / 0x1_0000_0000;
}

/** An integer in [min, max] for (seed, n). */
export function intBetween(seed: number, n: number, min: number, max: number): number {
  return min + Math.floor(unit(seed, n) * (max - min + 1));
}
