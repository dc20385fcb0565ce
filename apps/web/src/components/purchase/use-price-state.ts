import type { UseQueryResult } from '@tanstack/react-query';
import type { PriceQuote } from '@cloudbay/contracts';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { PriceState } from './price-figures';

/**
 * The live price of a purchase form: the query of the form as it is now (undefined while it cannot
 * be priced), debounced, asked through the product's price hook; the last quote stays on screen
 * while the next one loads.
 */
export function usePriceState<Query>(
  live: Query | undefined,
  usePrice: (query: Query | undefined) => UseQueryResult<PriceQuote>,
): PriceState {
  const debounced = useDebouncedValue(live);
  // The first price is asked at once: there is nothing on screen to keep while typing settles.
  const settled = debounced ?? live;
  const price = usePrice(settled);
  return {
    quote: live === undefined ? undefined : price.data,
    incomplete: live === undefined,
    updating: price.isFetching || JSON.stringify(live) !== JSON.stringify(settled),
    error: price.isError ? price.error.message : undefined,
  };
}

/** The quote on screen is the price of the form as it is now. */
export function isSettled(price: PriceState): boolean {
  return price.quote !== undefined && !price.updating && price.error === undefined;
}
