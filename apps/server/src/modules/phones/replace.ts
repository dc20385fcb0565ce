/**
 * Device replacement ("new device", spec §7 Cloud phone): the catalogue a customer picks from and
 * `replace_v2`, which gives phones a new identity through the engine's `replace` action (the
 * cloud resets the phone, wiping its data, under the new brand, model, IMEI, Android id and SIM).
 * The catalogue is the cloud's (`providers/cloud/sim-device-catalog.ts`), so what is offered is
 * what the cloud accepts.
 */
import {
  ErrorCode,
  type DeviceBrand,
  type DeviceModel,
  type DevicePropBrand,
  type Language,
  type PhoneReplace,
  type PhoneReplaceResult,
  type SimCountry,
} from '@cloudbay/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resources } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  DEVICE_BRANDS,
  SIM_COUNTRIES,
  findBrand,
  findCountry,
  findModel,
  modelsOf,
  pickModel,
  type DeviceModel as CatalogModel,
  type Random,
} from '../../providers/cloud/sim-device-catalog';
import type { ActionDeps } from '../provisioning/actions';
import { requestActionTask } from './tasks/action-tasks';
import { countLiveBy } from '../provisioning/repo';
import { runPhoneBatch } from './service';

const isZh = (language: Language) => language === 'zh-CN';

/** GET /ph/replace/country: the SIM countries a replacement can take. */
export function listSimCountries(language: Language): SimCountry[] {
  return SIM_COUNTRIES.map((country) => ({
    code: country.code,
    name: isZh(language) ? country.name_zh : country.name_en,
    name_zh: country.name_zh,
    name_en: country.name_en,
  }));
}

/** GET /ph/fake_ph/brand: the brands, in the catalogue's order. */
export function listDeviceBrands(language: Language): DeviceBrand[] {
  return DEVICE_BRANDS.map((brand) => ({
    brand: brand.brand,
    name: isZh(language) ? brand.name_zh : brand.name_en,
    model_count: modelsOf(brand.brand).length,
  }));
}

const toDeviceModel = (model: CatalogModel): DeviceModel => ({
  brand: model.brand,
  model: model.model,
  resolution: model.resolution,
  feature_level: model.featureLevel,
});

/** GET /ph/fake_ph/ph?brand=: the brand's models (400 DEVICE_BRAND_NOT_FOUND for another brand). */
export function listDeviceModels(brand: string): DeviceModel[] {
  if (!findBrand(brand)) throw new AppError('validation', ErrorCode.DEVICE_BRAND_NOT_FOUND);
  return modelsOf(brand).map(toDeviceModel);
}

const PHONE_BRAND_REFERENCE = sql`${resources.attributes} ->> 'brand'`;

/** GET /user/ph/ph_prop/brand: the brands, each with how many of the caller's live phones pass for it. */
export async function listPhoneBrands(
  db: Db,
  userId: number,
  language: Language,
): Promise<DevicePropBrand[]> {
  const counts = await countLiveBy(db, userId, 'phone', PHONE_BRAND_REFERENCE);
  return listDeviceBrands(language).map((brand) => ({ ...brand, phone_count: counts.get(brand.brand) ?? 0 }));
}

/** The request checked against the catalogue: 400 for an unknown country or brand, or a model not of its brand. */
function checkReplaceRequest(body: PhoneReplace): void {
  if (body.country !== undefined && !findCountry(body.country)) {
    throw new AppError('validation', ErrorCode.SIM_COUNTRY_NOT_FOUND);
  }
  if (body.brand !== undefined && !findBrand(body.brand)) {
    throw new AppError('validation', ErrorCode.DEVICE_BRAND_NOT_FOUND);
  }
  if (body.model !== undefined && !findModel(body.brand!, body.model)) {
    throw new AppError('validation', ErrorCode.DEVICE_MODEL_MISMATCH, {
      brand: body.brand!,
      model: body.model,
    });
  }
}

/**
 * POST /user/ph/phone/replace_v2: each phone gets the model asked for, or one drawn at random (of
 * the brand when given), through the engine's `replace` (running or stopped only: a changing
 * phone's entry is 409 RESOURCE_ACTION_FORBIDDEN; another's PHONE_NOT_FOUND). The draw is made
 * here, before the call is recorded, so a repeated call asks the cloud for the same device.
 */
export async function replacePhones(
  deps: ActionDeps,
  userId: number,
  body: PhoneReplace,
  language: Language,
  random: Random = Math.random,
): Promise<PhoneReplaceResult> {
  checkReplaceRequest(body);
  const chosen = new Map<string, CatalogModel>();
  const batch = await runPhoneBatch(deps, userId, body.phone_ids, language, (row) => {
    const device =
      body.model !== undefined
        ? findModel(body.brand!, body.model)!
        : pickModel(random, { brand: body.brand });
    chosen.set(row.resourceId, device);
    const params = {
      brand: device.brand,
      model: device.model,
      ...(body.country === undefined ? {} : { country: body.country }),
    };
    return requestActionTask(deps, row, 'replace', { params }, { type: 'replace' });
  });
  return {
    results: batch.results.map((entry) => {
      const device = entry.ok ? chosen.get(entry.phone_id) : undefined;
      return { ...entry, brand: device?.brand ?? null, model: device?.model ?? null };
    }),
  };
}
