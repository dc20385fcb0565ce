import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceBrand, DeviceModel, PhoneReplaceResult, SimCountry } from '@cloudbay/contracts';
import { api } from '../../../lib/request';
import { phoneReplacePath } from './son-paths';
import { phonesKey } from './phones-keys';

/**
 * Every cached phone answer lives under `['phones', …]`: a replacement refreshes them all (the
 * list shows the phones resetting, then their new brand and model).
 */
export { phonesKey as phonesRootKey };
const catalogueKey = [...phonesKey, 'device-catalogue'] as const;

/** GET /ph/replace/country: the SIM countries a replaced phone can take. */
export async function listSimCountries(): Promise<SimCountry[]> {
  return (await api.get<SimCountry[]>('/ph/replace/country')).data;
}

/** GET /ph/fake_ph/brand: the brands a phone can pass for. */
export async function listDeviceBrands(): Promise<DeviceBrand[]> {
  return (await api.get<DeviceBrand[]>('/ph/fake_ph/brand')).data;
}

/** GET /ph/fake_ph/ph?brand=: the brand's models with their screens. */
export async function listDeviceModels(brand: string): Promise<DeviceModel[]> {
  return (await api.get<DeviceModel[]>('/ph/fake_ph/ph', { brand })).data;
}

// The catalogue changes with a release, not while a page is open.
const CATALOGUE_STALE_MS = 10 * 60_000;

/** One list of the catalogue, kept for the page's life (`enabled`: asked only while needed). */
const useCatalogueList = <T>(name: string, list: () => Promise<T[]>, enabled: boolean) =>
  useQuery({ queryKey: [...catalogueKey, name], queryFn: list, staleTime: CATALOGUE_STALE_MS, enabled });

export const useSimCountries = (enabled = true) => useCatalogueList('countries', listSimCountries, enabled);

export const useDeviceBrands = (enabled = true) => useCatalogueList('brands', listDeviceBrands, enabled);

/** The models of `brand`; nothing is asked until a brand is chosen. */
export function useDeviceModels(brand: string | undefined) {
  return useQuery({
    queryKey: [...catalogueKey, 'models', brand],
    queryFn: () => listDeviceModels(brand!),
    staleTime: CATALOGUE_STALE_MS,
    enabled: brand !== undefined,
  });
}

export interface ReplacePhonesInput {
  phoneIds: string[];
  /** Absent: each phone keeps its SIM country. */
  country?: string;
  /** Absent: a brand at random (and a model of it). */
  brand?: string;
  /** Absent: a model of `brand` at random. */
  model?: string;
  /** One per intent: a repeated submission answers the first replacement instead of replacing again. */
  idempotencyKey: string;
}

/**
 * POST /user/ph/phone/replace_v2 (a sub-account: /user/son_account/phone/replace_v2): new device
 * identities (the phones' data is wiped), one result each.
 */
export async function replacePhones(input: ReplacePhonesInput): Promise<PhoneReplaceResult> {
  const { phoneIds, country, brand, model, idempotencyKey } = input;
  const { data } = await api.post<PhoneReplaceResult>(
    phoneReplacePath(),
    { phone_ids: phoneIds, country, brand, model },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
  return data;
}

/** The replacement; the phone lists are refreshed after it, whatever the answer. */
export function useReplacePhones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replacePhones,
    onSettled: () => queryClient.invalidateQueries({ queryKey: phonesKey }),
  });
}
