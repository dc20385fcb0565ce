import type { Phone } from '@cloudbay/contracts';
import { PHONE_ACTIONS } from '@cloudbay/contracts/core';

/** A running phone as GET /user/ph/phone lists it, for the tools' tests. */
export function testPhone(overrides: Partial<Phone> = {}): Phone {
  return {
    id: 'ph-0001',
    name: 'shop-1',
    display_name: null,
    status: 'running',
    key_pair_id: null,
    group_id: null,
    order_id: 21,
    instance_id: 'acp-1',
    region_id: 7,
    spec_id: 'ph.standard.4c8g',
    disk: 64,
    memory: 8,
    cpu: 4,
    billing_method: 'subscription',
    expired_at: '2027-01-15T08:00:00.000Z',
    network_type: 'default',
    brand: 'google',
    model: 'Pixel 7',
    resolution: '1080x2400',
    orientation: null,
    feature_level: null,
    image_id: 'ph-img-android13',
    private_ip: '10.0.0.2',
    adb_enabled: false,
    adb_address: null,
    auto_renew: false,
    hourly_price: '0.000',
    created_at: '2026-11-02T08:00:00.000Z',
    // What a running phone without a key pair offers.
    actions: PHONE_ACTIONS.filter((action) => !['start', 'enable_adb', 'close_adb'].includes(action)),
    ...overrides,
  };
}
