/**
 * The device a new simulated phone presents itself as: brand, model and screen from this small
 * built-in catalogue, picked by its instance seed, so `getprop ro.product.model` has something
 * real to answer and the console's list shows a brand and model. Device replacement ("new
 * device") extends the catalogue and picks from it on purpose.
 */
import { intBetween } from './prng';

export interface SimDevice {
  /** What `ro.product.brand` answers. */
  brand: string;
  /** What `ro.product.model` answers. */
  model: string;
  /** Width x height in pixels. */
  resolution: string;
}

/** Devices a new phone may start as (common mid-range models of each brand). */
export const DEFAULT_DEVICES: readonly SimDevice[] = [
  { brand: 'Xiaomi', model: '23021RAA2Y', resolution: '1080x2400' },
  { brand: 'samsung', model: 'SM-A546E', resolution: '1080x2340' },
  { brand: 'google', model: 'Pixel 7', resolution: '1080x2400' },
  { brand: 'OPPO', model: 'CPH2487', resolution: '1080x2412' },
  { brand: 'vivo', model: 'V2250', resolution: '1080x2400' },
];

/** The default device of a new phone, stable for its instance seed. */
export function defaultDeviceOf(seed: number): SimDevice {
  return DEFAULT_DEVICES[intBetween(seed, 71, 0, DEFAULT_DEVICES.length - 1)]!;
}
