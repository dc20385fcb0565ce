/** A whole `resources` row for unit tests of views (a running subscription made at `NOW`). */
import type { ResourceRow } from '../src/modules/provisioning/repo';

export const NOW = new Date('2026-11-02T08:00:00Z');

export function resourceRow(patch: Partial<ResourceRow> & Pick<ResourceRow, 'kind'>): ResourceRow {
  return {
    id: 1,
    resourceId: 'rs-abc',
    userId: 7,
    regionId: 3,
    orderId: 11,
    name: 'resource',
    status: 'running',
    resourceStatus: 'created',
    instanceId: 'instance-1',
    clientToken: 'create:OD1:0',
    billingMethod: 'subscription',
    autoRenew: false,
    gift: false,
    expiresAt: new Date('2026-12-02T08:00:00Z'),
    hourlyPriceMicros: 0n,
    trafficRateMicros: null,
    spec: {},
    attributes: {},
    stopReason: null,
    failure: null,
    expiryNoticeFor: null,
    createdAt: NOW,
    updatedAt: NOW,
    deletedAt: null,
    ...patch,
  };
}
