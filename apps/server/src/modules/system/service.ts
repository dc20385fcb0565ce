import { ErrorCode, type PublicConfig } from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { findPublicConfig } from './repo';

/** A public system setting by key; private and unknown keys both answer 404. */
export async function getPublicConfig(db: Db, key: string): Promise<PublicConfig> {
  const config = await findPublicConfig(db, key);
  if (!config) throw new AppError('not_found', ErrorCode.CONFIG_NOT_FOUND, { key });
  return config;
}
