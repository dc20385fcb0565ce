import type { Config } from '../config/env';
import {
  ADJUSTMENT_APPROVAL_SETTING,
  DEFAULT_ADJUSTMENT_APPROVAL_ABOVE,
  FIRST_RECHARGE_BONUS_PERCENT,
  SUB_ACCOUNT_MAX_DEFAULT,
  SUB_ACCOUNT_MAX_DEFAULT_KEY,
  SUPPORT_CHANNELS_CONFIG_KEY,
} from '@cloudbay/contracts';
import { seedCatalogReferenceData } from '../modules/catalog/reference-data';
import { seedContentReferenceData } from '../modules/content/reference-data';
import { DEFAULT_SUPPORT_CHANNELS } from '../modules/content/support-channels';
import { seedDesktopReferenceData } from '../modules/desktops/reference-data';
import { seedDictReferenceData } from '../modules/dict/reference-data';
import { seedIdentityReferenceData } from '../modules/identity/reference-data';
import { seedOrganizationReferenceData } from '../modules/system/org-reference-data';
import { seedPhoneAppReferenceData } from '../modules/phones/apps/reference-data';
import { sysConfigs } from './schema';
import type { Db } from './client';

/**
 * The reference data every installation needs: built-in settings, roles, menus and the first
 * operator. Inserts what is missing and never overwrites what an operator changed, so every
 * process runs it at start, concurrently if need be.
 */
export async function seedReferenceData(
  db: Db,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'NODE_ENV'>,
): Promise<void> {
  await db
    .insert(sysConfigs)
    .values([
      { key: 'SITE_NAME', name: 'Site name', value: 'Cloudbay', isPublic: true, isBuiltin: true },
      {
        key: SUPPORT_CHANNELS_CONFIG_KEY,
        name: 'Support channels',
        value: JSON.stringify(DEFAULT_SUPPORT_CHANNELS),
        isPublic: true,
        isBuiltin: true,
        remark:
          'The floating support widget: a JSON array of channels (kind qr or link, labels in both languages).',
      },
      {
        key: 'FIRST_RECHARGE_BONUS_PERCENT',
        name: 'First-recharge bonus (%)',
        value: String(FIRST_RECHARGE_BONUS_PERCENT),
        isPublic: false,
        isBuiltin: true,
        remark: "Percent of a customer's first paid top-up credited as a bonus; 0 turns the bonus off.",
      },
      {
        key: SUB_ACCOUNT_MAX_DEFAULT_KEY,
        name: 'Default sub-account limit',
        value: String(SUB_ACCOUNT_MAX_DEFAULT),
        isPublic: false,
        isBuiltin: true,
        remark:
          'Sub-accounts a customer may create unless an operator set its own limit on the customer page.',
      },
      {
        key: ADJUSTMENT_APPROVAL_SETTING,
        name: 'Adjustment approval above ($)',
        value: DEFAULT_ADJUSTMENT_APPROVAL_ABOVE,
        isPublic: false,
        isBuiltin: true,
        remark: 'Balance adjustments above this many dollars wait for a second operator to approve them.',
      },
    ])
    .onConflictDoNothing({ target: sysConfigs.key });
  await seedIdentityReferenceData(db, config);
  // After the first operator exists: it joins the root department.
  await seedOrganizationReferenceData(db);
  await seedDictReferenceData(db);
  await seedContentReferenceData(db);
  await seedCatalogReferenceData(db);
  await seedDesktopReferenceData(db);
  await seedPhoneAppReferenceData(db);
}
