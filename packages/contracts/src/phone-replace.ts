/**
 * Device replacement ("new device", spec §7 Cloud phone): the catalogue of devices a phone can
 * pass for (`/ph/fake_ph/brand`, `/ph/fake_ph/ph`, `/ph/replace/country`, `/user/ph/ph_prop/brand`)
 * and `POST /user/ph/phone/replace_v2`, which gives phones a new identity and wipes their data.
 */
import { z } from 'zod';
import { resourceIdField } from './desktops';
import { ErrorCode } from './errors';
import { MAX_BATCH_PHONES } from './phone-constants';
import { phoneBatchResultSchema } from './phones';

/** GET /ph/replace/country: a SIM country (ISO code) with its names. */
export const simCountrySchema = z.object({
  code: z.string(),
  /** In the request's language. */
  name: z.string(),
  name_zh: z.string(),
  name_en: z.string(),
});
export type SimCountry = z.infer<typeof simCountrySchema>;

/** GET /ph/fake_ph/brand: a brand (`brand` is what the phone reports and replace_v2 takes). */
export const deviceBrandSchema = z.object({
  brand: z.string(),
  /** In the request's language. */
  name: z.string(),
  /** How many models the catalogue has of it. */
  model_count: z.number().int(),
});
export type DeviceBrand = z.infer<typeof deviceBrandSchema>;

/** GET /user/ph/ph_prop/brand: the brands, with how many of the caller's phones pass for each. */
export const devicePropBrandSchema = deviceBrandSchema.extend({ phone_count: z.number().int() });
export type DevicePropBrand = z.infer<typeof devicePropBrandSchema>;

export const deviceModelQuery = z.object({ brand: z.string().trim().min(1).max(40) });

/** GET /ph/fake_ph/ph?brand=: a model of the brand. */
export const deviceModelSchema = z.object({
  brand: z.string(),
  model: z.string(),
  /** Screen in pixels, portrait, e.g. `1080x2400`. */
  resolution: z.string(),
  /** The Android API level the model launched with. */
  feature_level: z.string(),
});
export type DeviceModel = z.infer<typeof deviceModelSchema>;

/**
 * POST /user/ph/phone/replace_v2 (Idempotency-Key): new identities for the phones, each a random
 * model (of `brand` when given) unless `model` is; `model` needs its `brand`. Wipes the phones.
 */
export const phoneReplaceBody = z
  .object({
    phone_ids: z.array(resourceIdField).min(1, { error: ErrorCode.SELECTION_REQUIRED }).max(MAX_BATCH_PHONES),
    /** A code of /ph/replace/country; absent: each phone keeps its SIM country. */
    country: z.string().trim().min(2).max(2).toUpperCase().optional(),
    brand: z.string().trim().min(1).max(40).optional(),
    model: z.string().trim().min(1).max(60).optional(),
  })
  .refine((body) => body.model === undefined || body.brand !== undefined, {
    error: ErrorCode.DEVICE_BRAND_REQUIRED,
    path: ['brand'],
  });
export type PhoneReplaceBody = z.input<typeof phoneReplaceBody>;
export type PhoneReplace = z.output<typeof phoneReplaceBody>;

/** The answer of replace_v2: the batch answer, each replaced phone with the device it now passes for. */
export const phoneReplaceResultSchema = z.object({
  results: z.array(
    phoneBatchResultSchema.shape.results.element.extend({
      brand: z.string().nullable(),
      model: z.string().nullable(),
    }),
  ),
});
export type PhoneReplaceResult = z.infer<typeof phoneReplaceResultSchema>;
