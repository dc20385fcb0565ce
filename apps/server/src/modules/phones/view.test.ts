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
      'run_command',
      'import_contacts',
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
      'run_command',
      'import_contacts',
    ]);
    // Not made yet, or an unconfirmed call in flight: nothing but the money switch.
    expect(phoneActions(phone({ resourceStatus: 'creating', status: 'creating' }))).toEqual([]);
    expect(phoneActions(phone({ attributes: { _engine_pending: { action: 'stop' } } }))).toEqual([
      'renew',
      'auto_renew',
    ]);
  });
});

describe('phone tools', () => {
  const withKey = (attributes: Record<string, unknown> = {}, patch: Partial<ResourceRow> = {}) =>
    phone({
      spec: { ...phone().spec, keyPairId: 'kp-1' },
      attributes: { ...phone().attributes, ...attributes },
      ...patch,
    });
  const tools = (row: ResourceRow) =>
    phoneActions(row).filter((action) =>
      ['run_command', 'enable_adb', 'close_adb', 'import_contacts'].includes(action),
    );

  it('offers commands and imports on a running phone only, ADB with a key pair', () => {
    // No key pair: no ADB.
    expect(tools(phone())).toEqual(['run_command', 'import_contacts']);
    expect(tools(withKey())).toEqual(['run_command', 'enable_adb', 'import_contacts']);
    // On: close it instead.
    expect(tools(withKey({ adbEnabled: true, adbEndpoint: '47.1.2.3:40000' }))).toEqual([
      'run_command',
      'close_adb',
      'import_contacts',
    ]);
    expect(tools(withKey({}, { status: 'stopped' }))).toEqual([]);
    expect(tools(withKey({ _engine_pending: { action: 'stop' } }))).toEqual([]);
  });

  it('shows the ADB address the cloud reported', () => {
    expect(toPhone(withKey({ adbEnabled: true, adbEndpoint: '47.1.2.3:40000' }))).toMatchObject({
      adb_enabled: true,
      adb_address: '47.1.2.3:40000',
    });
    expect(toPhone(withKey())).toMatchObject({ adb_enabled: false, adb_address: null });
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
