import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PriceQuote } from '@cloudbay/contracts';
import type { BillingMethod } from '@cloudbay/contracts/core';
import { api } from '../../../lib/request';
import { catalogKey } from './catalog-keys';

/** What the purchase form asks GET /describe_price (contracts `describePriceQuery`, as sent). */
export interface DesktopPriceQuery {
  region_id: number;
  bundle_id: string;
  system_disk: number;
  billing_method: BillingMethod;
  /** Months; subscriptions only. */
  period?: number;
  quantity: number;
}

/** GET /describe_price: what buying desktops of a bundle costs (the figure the purchase charges). */
export async function describePrice(query: DesktopPriceQuery): Promise<PriceQuote> {
  const { data } = await api.get<PriceQuote>('/describe_price', { ...query });
  return data;
}

/**
 * The live price of the purchase form; `query` undefined while the form cannot be priced yet. The
 * last quote stays on screen while the next one loads, so the figure never blinks away.
 */
export function useDesktopPrice(query: DesktopPriceQuery | undefined) {
  return useQuery({
    queryKey: [...catalogKey, 'price', query],
    queryFn: () => describePrice(query!),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // A refused quote (e.g. a bundle taken off sale) is shown as it is, not retried.
    retry: false,
  });
}
