import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sysConfigs } from '../../db/schema';

export async function findPublicConfig(db: Db, key: string) {
  const [row] = await db
    .select({ key: sysConfigs.key, value: sysConfigs.value })
    .from(sysConfigs)
    .where(and(eq(sysConfigs.key, key), eq(sysConfigs.isPublic, true)))
    .limit(1);
  return row;
}

/** A setting's raw value (sys_configs, public or not), e.g. the price markup or the first-recharge bonus. */
export async function findSetting(db: Db, key: string): Promise<string | undefined> {
  const [row] = await db.select({ value: sysConfigs.value }).from(sysConfigs).where(eq(sysConfigs.key, key));
  return row?.value;
}
