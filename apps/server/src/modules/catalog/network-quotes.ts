/**
 * The catalogue's quotes for elastic IPs and custom phone networks (phone regions, phones'
 * discount): what GET /user/ph/eip/price and /user/ph/ph_u_network/price show is what the
 * purchase, renewal and bandwidth change charge, since all of them call these.
 */
import type { Db } from '../../db/client';
import { concurrently } from '../../db/concurrently';
import {
  assertPhoneNetworkEipBandwidth,
  quoteEip,
  quoteEipBandwidthChange,
  quotePhoneNetwork,
  type Quote,
  type SpecChangeQuote,
} from './pricing';
import { discountFor, priceBasis, unitCosts } from './service';

/**
 * `quantity` EIPs of `bandwidthMbps` for `period` months in a phone region; `inNetwork` applies
 * the phone network's narrower range (5–200). `onSale: false` (a renewal) prices it in its region
 * even if the region is no longer sold.
 */
export async function quoteEipPurchase(
  db: Db,
  input: {
    regionId: number;
    bandwidthMbps: number;
    period: number;
    quantity: number;
    inNetwork?: boolean;
    onSale?: boolean;
  },
): Promise<Quote> {
  if (input.inNetwork) assertPhoneNetworkEipBandwidth(input.bandwidthMbps);
  const [basis, cost, phDiscountBp] = await concurrently(
    db,
    () => priceBasis(db, 'phone', input.regionId, input.onSale ?? true),
    () => unitCosts(db),
    () => discountFor(db, input.period, 'phone'),
  );
  return quoteEip({
    bandwidthMbps: input.bandwidthMbps,
    mbpsMonthCostMicros: cost('eip_bandwidth_mbps_month').costMicros,
    basis,
    months: input.period,
    phDiscountBp,
    quantity: input.quantity,
  });
}

/** An EIP's bandwidth change in its region, prorated to `expiresAt`. */
export async function quoteEipBandwidthModification(
  db: Db,
  input: { regionId: number; currentMbps: number; nextMbps: number; expiresAt: Date | null; now: Date },
): Promise<SpecChangeQuote> {
  const [basis, cost] = await concurrently(
    db,
    () => priceBasis(db, 'phone', input.regionId, false),
    () => unitCosts(db),
  );
  return quoteEipBandwidthChange({
    ...input,
    mbpsMonthCostMicros: cost('eip_bandwidth_mbps_month').costMicros,
    basis,
  });
}

/** A custom phone network for `period` months (flat per network; its EIPs are bought apart). */
export async function quotePhoneNetworkPurchase(
  db: Db,
  input: { regionId: number; period: number; onSale?: boolean },
): Promise<Quote> {
  const [basis, cost, phDiscountBp] = await concurrently(
    db,
    () => priceBasis(db, 'phone', input.regionId, input.onSale ?? true),
    () => unitCosts(db),
    () => discountFor(db, input.period, 'phone'),
  );
  return quotePhoneNetwork({
    monthCostMicros: cost('phone_network_month').costMicros,
    basis,
    months: input.period,
    phDiscountBp,
  });
}
