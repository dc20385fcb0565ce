/** A bench's settings from the environment (BENCH_DURATION, BENCH_CONNECTIONS…). */

/** The positive integer in `process.env[name]`, `fallback` when unset; anything else stops the run. */
export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}
