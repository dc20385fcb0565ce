import { useQueries, useQuery } from '@tanstack/react-query';
import type { PhoneSpecItem, PhoneUnitPrice, PriceQuote } from '@cloudbay/contracts';
import { api } from '../../../lib/request';

/**
 * The public catalogue of cloud phones (GET /ph/spec, /ph/unit_price, /ph/ph_price): no session
 * is needed or sent, so the open landing page shows the same prices a purchase charges.
 */
const catalogKey = ['ph-catalog'] as const;
const open = { auth: false } as const;

/** Phone specs with their monthly and hourly prices in a region. */
export function usePhoneSpecs(regionId: number | undefined) {
  return useQuery({
    queryKey: [...catalogKey, 'spec', regionId],
    queryFn: async () => (await api.get<PhoneSpecItem[]>('/ph/spec', { region_id: regionId }, open)).data,
    enabled: regionId !== undefined,
  });
}

/** Metered prices in a region: EIP bandwidth, phone network, backup space, traffic. */
export function usePhoneUnitPrices(regionId: number | undefined) {
  return useQuery({
    queryKey: [...catalogKey, 'unit', regionId],
    queryFn: async () =>
      (await api.get<PhoneUnitPrice>('/ph/unit_price', { region_id: regionId }, open)).data,
    enabled: regionId !== undefined,
  });
}

/** What a subscription of `period` months costs per spec (one phone), the discount applied. */
export function usePhoneTermQuotes(regionId: number | undefined, specIds: string[], period: number) {
  return useQueries({
    queries: specIds.map((specId) => ({
      queryKey: [...catalogKey, 'quote', regionId, specId, period],
      queryFn: async () =>
        (
          await api.get<PriceQuote>(
            '/ph/ph_price',
            { region_id: regionId, spec_id: specId, billing_method: 'subscription', period, quantity: 1 },
            open,
          )
        ).data,
      enabled: regionId !== undefined,
    })),
  });
}
