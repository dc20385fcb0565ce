import type { Config } from '../config/env';
import { seedIdentityReferenceData } from '../modules/identity/reference-data';
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
      {
        key: 'EXE_URL',
        name: 'Desktop client download URL',
        value: 'https://cloudbay.example/download/cloudbay-client-setup.exe',
        isPublic: true,
        isBuiltin: true,
        remark: 'Shown on the cloud computer list as the Windows client download link.',
      },
      { key: 'SITE_NAME', name: 'Site name', value: 'Cloudbay', isPublic: true, isBuiltin: true },
    ])
    .onConflictDoNothing({ target: sysConfigs.key });
  await seedIdentityReferenceData(db, config);
}
