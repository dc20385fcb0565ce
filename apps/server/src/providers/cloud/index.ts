import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { SimCloudProvider } from './sim/provider';
import type { CloudProvider } from './types';

export * from './types';
export { SimCloudProvider, type SimCloudOptions } from './sim/provider';
export { parseSimFaults, formatSimFaults, NO_FAULTS, type SimFaults } from './sim/faults';

export type CloudConfig = Pick<Config, 'CLOUD_PROVIDER' | 'SIM_SPEED' | 'SIM_FAULTS'>;

/**
 * The cloud the configuration chooses. Only the simulated cloud exists so far; `loadConfig`
 * refuses any other CLOUD_PROVIDER until its adapter is written.
 */
export function createCloudProvider(
  config: CloudConfig,
  database: Database,
  clock: Clock = systemClock,
): CloudProvider {
  switch (config.CLOUD_PROVIDER) {
    case 'sim':
      return new SimCloudProvider(database, clock, { speed: config.SIM_SPEED, faults: config.SIM_FAULTS });
  }
}
