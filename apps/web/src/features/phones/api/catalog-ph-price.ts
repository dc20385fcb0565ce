import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PriceQuote } from '@cloudbay/contracts';
import type { BillingMethod } from '@cloudbay/contracts/core';
import { api } from '../../../lib/request';
import { phoneCatalogKey } from './phones-keys';

/** What the purchase form asks GET /ph/ph_price (contracts `phonePriceQuery`, as sent). */
export interface PhonePriceParams {
  region_id: number;
  spec_id: string;
  billing_method: BillingMethod;
  /** Months; subscriptions only. */
  period?: number;
  quantity: number;
}

/** GET /ph/ph_price: what buying phones of a spec costs (the figure the purchase charges). */
export async function getPhonePrice(query: PhonePriceParams): Promise<PriceQuote> {
  const { data } = await api.get<PriceQuote>('/ph/ph_price', { ...query });
  return data;
}

/** The live price of the purchase form; `query` undefined while the form cannot be priced yet. */
export function usePhonePrice(query: PhonePriceParams | undefined) {
  return useQuery({
    queryKey: [...phoneCatalogKey, 'price', query],
    queryFn: () => getPhonePrice(query!),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A refused quote (a spec taken off sale) is shown as it is, not retried.
    retry: false,
  });
}
