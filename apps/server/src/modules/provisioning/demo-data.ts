/**
 * What `npm start` gives the demo customer besides the account, so the console has something to
 * show: a demo credit and one cloud desktop in the first desktop region, bought through the real
 * engine (order, charge, provisioning on the simulated cloud). Both are keyed, so a restart
 * changes nothing; never run by the production entry points.
 */
import type { Logger } from '../../runtime/logger';
import { inTransaction } from '../../db/transaction';
import { findRegions } from '../catalog/repo';
import { findUserByEmail } from '../identity/repo';
import { credit } from '../wallet/ledger';
import { ledgerMemo, relabelMemo } from '../wallet/memos';
import { purchaseDesktops, type PurchaseDeps } from './service';

const DEMO_CREDIT_MICROS = 100_000_000n; // $100
const DEMO_DESKTOP = {
  bundle_id: 'b-general-2c4g',
  image_id: 'img-ws2022-zh',
  name: 'demo-desktop',
} as const;

export async function seedDemoResources(deps: PurchaseDeps, email: string, logger: Logger): Promise<void> {
  const user = await findUserByEmail(deps.database.db, email);
  const [region] = await findRegions(deps.database.db, 'desktop');
  if (!user || !region) return;
  const creditKey = { userId: user.id, idempotencyKey: `demo:credit:${user.id}` };
  await inTransaction(deps.database.pool, async (tx) => {
    const posted = await credit(tx, {
      ...creditKey,
      kind: 'gift',
      amountMicros: DEMO_CREDIT_MICROS,
      ...ledgerMemo('demo_credit'),
    });
    // Installs seeded before memos had keys read '演示赠金 / Demo credit' in both languages.
    if (posted.replayed) await relabelMemo(tx, creditKey, 'demo_credit');
  });
  try {
    await purchaseDesktops(
      deps,
      user.id,
      {
        ...DEMO_DESKTOP,
        region_id: region.id,
        billing_method: 'subscription',
        period: 1,
        auto_renew: false,
        quantity: 1,
        agreed: true,
      },
      `demo:desktop:${user.id}`,
    );
  } catch (error) {
    // The demo still starts if an operator changed the catalogue so that this purchase fails.
    logger.warn({ err: error }, 'demo desktop not bought');
  }
}
