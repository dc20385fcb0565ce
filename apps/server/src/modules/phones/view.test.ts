import { describe, expect, it } from 'vitest';
import { NOW, resourceRow } from '../../../test/resource-row';
import type { ResourceRow } from '../provisioning/repo';
import { phoneActions, toPhone } from './view';

function phone(patch: Partial<ResourceRow> = {}): ResourceRow {
  return resourceRow({
    resourceId: 'ph-abc',
    kind: 'phone',
    name: 'shop-1',
    instanceId: 'aic-1',
    spec: {
      name: 'shop-1',
      specId: 'ph.basic.2c4g',
      imageId: 'ph-img-android13',
      cpu: 2,
      memoryGiB: 4,
      diskGiB: 32,
      resolution: '720x1280',
      displayName: 'Front desk',
    },
    attributes: { privateIp: '10.1.2.3', resolution: '720x1280', keyPairId: null, networkId: null },
    ...patch,
  });
}

describe('phone actions', () => {
  it('follows the state machine and the money rules', () => {
    expect(phoneActions(phone())).toEqual([
      'stop',
      'restart',
      'reset',
      'rename',
      'renew',
      'auto_renew',
      'upgrade',
    ]);
    expect(phoneActions(phone({ status: 'stopped' }))).toEqual([
      'start',
      'reset',
      'rename',
      'renew',
      'auto_renew',
      'upgrade',
    ]);
    // Changing: only what the machine allows from a transitional status, and the money.
    expect(phoneActions(phone({ status: 'rebooting' }))).toEqual(['rename', 'renew', 'auto_renew']);
    // Pay-as-you-go has nothing to renew.
    expect(phoneActions(phone({ billingMethod: 'payg', expiresAt: null }))).toEqual([
      'stop',
      'restart',
      'reset',
      'rename',
      'upgrade',
    ]);
    // Not made yet, or an unconfirmed call in flight: nothing but the money switch.
    expect(phoneActions(phone({ resourceStatus: 'creating', status: 'creating' }))).toEqual([]);
    expect(phoneActions(phone({ attributes: { _engine_pending: { action: 'stop' } } }))).toEqual([
      'renew',
      'auto_renew',
    ]);
  });
});

describe('toPhone', () => {
  it('answers the spec §3 fields from the spec and what the cloud reported', () => {
    expect(toPhone(phone())).toMatchObject({
      id: 'ph-abc',
      name: 'shop-1',
      display_name: 'Front desk',
      status: 'running',
      key_pair_id: null,
      order_id: 11,
      instance_id: 'aic-1',
      region_id: 3,
      spec_id: 'ph.basic.2c4g',
      disk: 32,
      memory: 4,
      cpu: 2,
      billing_method: 'subscription',
      expired_at: '2026-12-02T08:00:00.000Z',
      network_type: 'default',
      brand: null,
      model: null,
      resolution: '720x1280',
      private_ip: '10.1.2.3',
      hourly_price: '0.000',
      created_at: NOW.toISOString(),
    });
  });
});
