import { describe, expect, it } from 'vitest';
import {
  DEVICE_BRANDS,
  DEVICE_MODELS,
  countryOfRegion,
  findModel,
  identityOf,
  luhnDigit,
  newImei,
  pickModel,
  type Random,
} from './sim-device-catalog';

/** A random source answering the given numbers in turn, then repeating the last. */
const sequence = (...values: number[]): Random => {
  let i = 0;
  return () => values[Math.min(i++, values.length - 1)]!;
};

describe('the device catalogue', () => {
  it('has a dozen brands, each with models, and every model of a listed brand', () => {
    expect(DEVICE_BRANDS).toHaveLength(12);
    const brands = new Set(DEVICE_BRANDS.map((brand) => brand.brand));
    for (const brand of brands) expect(DEVICE_MODELS.some((model) => model.brand === brand)).toBe(true);
    for (const model of DEVICE_MODELS) {
      expect(brands.has(model.brand)).toBe(true);
      expect(model.resolution).toMatch(/^\d{3,4}x\d{3,4}$/);
    }
    // Every phone spec's screen has models, so a new phone can look like what was sold.
    for (const screen of ['720x1280', '1080x1920', '1080x2400']) {
      expect(DEVICE_MODELS.filter((model) => model.resolution === screen).length).toBeGreaterThan(1);
    }
  });

  it('finds a model only under its own brand', () => {
    expect(findModel('google', 'Pixel 8')?.resolution).toBe('1080x2400');
    expect(findModel('samsung', 'Pixel 8')).toBeUndefined();
  });
});

describe('pickModel', () => {
  it('picks among the brand’s models by the random number', () => {
    const google = DEVICE_MODELS.filter((model) => model.brand === 'google');
    expect(pickModel(sequence(0), { brand: 'google' })).toEqual(google[0]);
    expect(pickModel(sequence(0.999), { brand: 'google' })).toEqual(google.at(-1));
    expect(pickModel(sequence(0.5)).brand).toBeDefined();
  });

  it('prefers the screen asked for, and falls back to any model of the brand without one', () => {
    for (const value of [0, 0.3, 0.6, 0.99]) {
      expect(pickModel(sequence(value), { resolution: '720x1280' }).resolution).toBe('720x1280');
    }
    expect(pickModel(sequence(0), { brand: 'google', resolution: '1080x1920' }).model).toBe('Pixel 2');
    // No vivo has a 720x1280 screen: any vivo will do.
    expect(pickModel(sequence(0), { brand: 'vivo', resolution: '720x1280' }).brand).toBe('vivo');
  });

  it('refuses a brand the catalogue does not have', () => {
    expect(() => pickModel(sequence(0), { brand: 'Nokia' })).toThrow(RangeError);
  });
});

describe('identities', () => {
  it('makes IMEIs with a valid Luhn check digit', () => {
    // The textbook example: 49015420323751 → check digit 8.
    expect(luhnDigit('49015420323751')).toBe(8);
    const imei = newImei(sequence(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.05, 0.15, 0.25));
    expect(imei).toBe('351234567890124');
    expect(luhnDigit(imei.slice(0, 14))).toBe(Number(imei[14]));
  });

  it('carries the model, a fresh Android id and the SIM country', () => {
    const identity = identityOf(findModel('OnePlus', 'OnePlus 12')!, 'SG', sequence(0.5));
    expect(identity).toMatchObject({
      brand: 'OnePlus',
      model: 'OnePlus 12',
      resolution: '1440x3168',
      orientation: 'portrait',
      featureLevel: '34',
      simCountry: 'SG',
      androidId: '8888888888888888',
    });
  });

  it('gives a region’s phones its country', () => {
    expect(countryOfRegion('cn-hongkong')).toBe('HK');
    expect(countryOfRegion('cn-shanghai')).toBe('CN');
    expect(countryOfRegion('ap-southeast-1')).toBe('SG');
    expect(countryOfRegion('somewhere-else')).toBe('CN');
  });
});
