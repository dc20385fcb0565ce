/**
 * Fault injection for the simulated cloud (`SIM_FAULTS`, or `SimCloudProvider.setFaults` in
 * tests): `create_fail=0.2,timeout=0.1,slow_ms=2000`.
 */
import { seedOf, unit } from './prng';

export interface SimFaults {
  /** Share of creates that end in 'failed' (decided per client token, so retries agree). */
  createFail: number;
  /** Share of changing calls that apply their effect and then throw a timeout anyway. */
  timeout: number;
  /** Latency added to every call, in milliseconds. */
  slowMs: number;
}

export const NO_FAULTS: SimFaults = Object.freeze({ createFail: 0, timeout: 0, slowMs: 0 });

const KEYS = {
  create_fail: { field: 'createFail', max: 1, integer: false },
  timeout: { field: 'timeout', max: 1, integer: false },
  slow_ms: { field: 'slowMs', max: 60_000, integer: true },
} as const satisfies Record<string, { field: keyof SimFaults; max: number; integer: boolean }>;

type FaultKey = keyof typeof KEYS;

/** Parses `key=value` pairs separated by commas; throws an Error naming the bad part. */
export function parseSimFaults(text: string): SimFaults {
  const faults: SimFaults = { ...NO_FAULTS };
  const seen = new Set<string>();
  for (const part of text.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const match = /^([a-z_]+)=(\S+)$/.exec(part);
    if (!match) throw new Error(`"${part}" is not key=value`);
    const [, key, raw] = match as unknown as [string, string, string];
    if (!(key in KEYS)) throw new Error(`unknown fault "${key}" (known: ${Object.keys(KEYS).join(', ')})`);
    if (seen.has(key)) throw new Error(`"${key}" is given twice`);
    seen.add(key);
    const rule = KEYS[key as FaultKey];
    const value = Number(raw);
    const valid =
      Number.isFinite(value) && value >= 0 && value <= rule.max && (!rule.integer || Number.isInteger(value));
    if (!valid) {
      throw new Error(`${key} must be ${rule.integer ? 'an integer' : 'a number'} from 0 to ${rule.max}`);
    }
    faults[rule.field] = value;
  }
  return faults;
}

/** The canonical text of `faults` (what the docs and logs show). */
export function formatSimFaults(faults: SimFaults): string {
  return `create_fail=${faults.createFail},timeout=${faults.timeout},slow_ms=${faults.slowMs}`;
}

/** Whether the create under this client token fails: the same token always draws the same. */
export function createFails(faults: SimFaults, clientToken: string): boolean {
  return faults.createFail > 0 && unit(seedOf(`create_fail:${clientToken}`)) < faults.createFail;
}
