/**
 * The catalogue's quotes for backup space (issue 20): `backup_space_gib_month` × GiB at the
 * phones' period discount, account-wide (no region: the space is the console's quota, its factor
 * 100 %). What GET /user/ph/ph_backup_space/price and …/expand_price show is what the purchase,
 * renewal and expansion charge, since all of them call these.
 */
import type { Db } from '../../db/client';
import { concurrently } from '../../db/concurrently';
import { quoteBackupSpace, quoteBackupSpaceChange, type Quote, type SpecChangeQuote } from './pricing';
import { discountFor, priceBasis, unitCosts } from './service';

const GIB_MONTH = 'backup_space_gib_month';

/** `sizeGib` of backup space for `period` months. */
export async function quoteBackupSpacePurchase(
  db: Db,
  input: { sizeGib: number; period: number },
): Promise<Quote> {
  const [basis, cost, phDiscountBp] = await concurrently(
    db,
    () => priceBasis(db, 'phone'),
    () => unitCosts(db),
    () => discountFor(db, input.period, 'phone'),
  );
  return quoteBackupSpace({
    sizeGib: input.sizeGib,
    gibMonthCostMicros: cost(GIB_MONTH).costMicros,
    basis,
    months: input.period,
    phDiscountBp,
  });
}

/** Growing a space to `nextGib`, prorated to its expiry. */
export async function quoteBackupSpaceExpansion(
  db: Db,
  input: { currentGib: number; nextGib: number; expiresAt: Date | null; now: Date },
): Promise<SpecChangeQuote> {
  const [basis, cost] = await concurrently(
    db,
    () => priceBasis(db, 'phone'),
    () => unitCosts(db),
  );
  return quoteBackupSpaceChange({ ...input, gibMonthCostMicros: cost(GIB_MONTH).costMicros, basis });
}
