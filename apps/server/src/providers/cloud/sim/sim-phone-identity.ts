/**
 * The device a simulated phone presents itself as: brand, model, screen and the Android version
 * of its image. A new phone gets a default identity from this small built-in catalogue, picked by
 * its instance seed, so `getprop ro.product.model` has something real to answer and the console's
 * list shows a brand and model. Device replacement ("new device") extends the catalogue and picks
 * from it on purpose; everything that names a device reads this module.
 */
import { intBetween } from './prng';

export interface SimDevice {
  brand: string;
  /** What `ro.product.model` answers. */
  model: string;
  /** `ro.product.manufacturer`. */
  manufacturer: string;
  /** `ro.product.device` (the code name). */
  device: string;
  /** Width x height in pixels. */
  resolution: string;
  /** `ro.sf.lcd_density`. */
  density: number;
}

/** Devices a new phone may start as (common mid-range models of each brand). */
export const DEFAULT_DEVICES: readonly SimDevice[] = [
  {
    brand: 'Xiaomi',
    model: '23021RAA2Y',
    manufacturer: 'Xiaomi',
    device: 'topaz',
    resolution: '1080x2400',
    density: 440,
  },
  {
    brand: 'samsung',
    model: 'SM-A546E',
    manufacturer: 'samsung',
    device: 'a54x',
    resolution: '1080x2340',
    density: 450,
  },
  {
    brand: 'google',
    model: 'Pixel 7',
    manufacturer: 'Google',
    device: 'panther',
    resolution: '1080x2400',
    density: 420,
  },
  {
    brand: 'OPPO',
    model: 'CPH2487',
    manufacturer: 'OPPO',
    device: 'OP5927',
    resolution: '1080x2412',
    density: 480,
  },
  {
    brand: 'vivo',
    model: 'V2250',
    manufacturer: 'vivo',
    device: 'PD2250',
    resolution: '1080x2400',
    density: 440,
  },
];

/** The default device of a new phone, stable for its instance seed. */
export function defaultDeviceOf(seed: number): SimDevice {
  return DEFAULT_DEVICES[intBetween(seed, 71, 0, DEFAULT_DEVICES.length - 1)]!;
}

/** The catalogue's device with this brand and model, if any (a replaced phone's). */
export function deviceNamed(brand: string, model: string): SimDevice | undefined {
  return DEFAULT_DEVICES.find((device) => device.brand === brand && device.model === model);
}

/**
 * The Android version of an image. The simulated cloud's phone images are named by their version
 * (`ph-img-android13`, the ids the catalogue sells); an image it cannot read is taken as 12.
 */
export function androidVersionOf(imageId: string): string {
  return /android(\d{1,2})/i.exec(imageId)?.[1] ?? '12';
}

/** Android's API level of a version (`ro.build.version.sdk`). */
export function sdkLevelOf(androidVersion: string): number {
  const levels: Record<string, number> = {
    '9': 28,
    '10': 29,
    '11': 30,
    '12': 31,
    '13': 33,
    '14': 34,
    '15': 35,
  };
  return levels[androidVersion] ?? 31;
}
