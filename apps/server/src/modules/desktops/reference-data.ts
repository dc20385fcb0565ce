/**
 * The desktop pages' settings: `EXE_URL`, where the desktop client is downloaded (GET
 * /config/EXE_URL). Seeded at every start by key: an operator's value is never overwritten.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysConfigs } from '../../db/schema';

export const EXE_URL_KEY = 'EXE_URL';
/** The upstream desktop client's public download page (Alibaba Cloud Wuying). */
export const EXE_URL_DEFAULT = 'https://wuying.aliyun.com/';
/** What earlier versions seeded before the download page was chosen. */
const EXE_URL_PLACEHOLDER = 'https://cloudbay.example/download/cloudbay-client-setup.exe';

export async function seedDesktopReferenceData(db: Db): Promise<void> {
  await db
    .insert(sysConfigs)
    .values({
      key: EXE_URL_KEY,
      name: 'Desktop client download URL',
      value: EXE_URL_DEFAULT,
      isPublic: true,
      isBuiltin: true,
      remark: 'Shown on the cloud computer pages as the desktop client download link.',
    })
    .onConflictDoNothing({ target: sysConfigs.key });
  // An installation seeded with the placeholder gets the real page, unless an operator chose one.
  await db
    .update(sysConfigs)
    .set({ value: EXE_URL_DEFAULT })
    .where(and(eq(sysConfigs.key, EXE_URL_KEY), eq(sysConfigs.value, EXE_URL_PLACEHOLDER)));
}
