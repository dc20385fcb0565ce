import { describe, expect, it } from 'vitest';
import { testDay } from '../../test/picked-day';
import { isPhoneChanging } from './api/phones-list';
import {
  INITIAL_PHONE_BUY_VALUES,
  phonePeriodOffers,
  reconcilePhoneBuyForm,
  toPhonePriceQuery,
  toPhonePurchaseBody,
} from './buy/phone-buy-values';
import { editChanges } from './list/dialogs/edit-dialog';
import { isPhoneOffered, phonePowerAction } from './list/phone-actions';
import { toPhoneFilter } from './list/phone-filter';
import { PHONE_IMAGES, PHONE_PERIODS, PHONE_SPECS, testPhone } from './test-phones';

const filled = {
  ...INITIAL_PHONE_BUY_VALUES,
  region_id: 11,
  spec_id: 'acp.basic.small',
  image_id: 'android-12',
  period: 3,
  name: '  live ',
  agreed: true,
};

describe('phone purchase form', () => {
  it('prices a subscription with its term and pay-as-you-go without one; nothing while incomplete', () => {
    expect(toPhonePriceQuery(filled)).toEqual({
      region_id: 11,
      spec_id: 'acp.basic.small',
      billing_method: 'subscription',
      period: 3,
      quantity: 1,
    });
    expect(toPhonePriceQuery({ ...filled, billing_method: 'payg' })).toEqual({
      region_id: 11,
      spec_id: 'acp.basic.small',
      billing_method: 'payg',
      quantity: 1,
    });
    expect(toPhonePriceQuery({ ...filled, period: undefined })).toBeUndefined();
    expect(toPhonePriceQuery({ ...filled, quantity: 0 })).toBeUndefined();
    expect(toPhonePriceQuery({ ...filled, quantity: 1.5 })).toBeUndefined();
    expect(toPhonePriceQuery({ ...filled, spec_id: undefined })).toBeUndefined();
  });

  it('buys with the trimmed name, the group when one is chosen, and no term or auto-renew on pay-as-you-go', () => {
    expect(toPhonePurchaseBody({ ...filled, auto_renew: true, group_id: 7 })).toEqual({
      region_id: 11,
      spec_id: 'acp.basic.small',
      image_id: 'android-12',
      billing_method: 'subscription',
      period: 3,
      auto_renew: true,
      quantity: 1,
      name: 'live',
      group_id: 7,
      agreed: true,
    });
    const payg = toPhonePurchaseBody({ ...filled, billing_method: 'payg', auto_renew: true });
    expect(payg).not.toHaveProperty('period');
    expect(payg).not.toHaveProperty('group_id');
    expect(payg.auto_renew).toBe(false);
  });

  it('offers the terms with the phones’ discount', () => {
    expect(phonePeriodOffers(PHONE_PERIODS)).toEqual([
      { period: 1, discount: 1 },
      { period: 3, discount: 0.9 },
    ]);
  });

  it('fills in the first spec, image and term, and drops a group that is gone', () => {
    const catalog = { specs: PHONE_SPECS, images: PHONE_IMAGES, periods: PHONE_PERIODS, groupIds: [7] };
    expect(reconcilePhoneBuyForm({ ...INITIAL_PHONE_BUY_VALUES, region_id: 11 }, catalog)).toEqual({
      spec_id: 'acp.basic.small',
      image_id: 'android-12',
      period: 1,
    });
    expect(reconcilePhoneBuyForm({ ...filled, group_id: 9 }, catalog)).toEqual({ group_id: 0 });
    expect(reconcilePhoneBuyForm({ ...filled, group_id: 7 }, catalog)).toBeUndefined();
    // Answers still loading change nothing.
    expect(
      reconcilePhoneBuyForm(INITIAL_PHONE_BUY_VALUES, {
        specs: undefined,
        images: undefined,
        periods: undefined,
        groupIds: undefined,
      }),
    ).toBeUndefined();
  });
});

describe('phone list rules', () => {
  it('turns the search form into the list filters', () => {
    expect(
      toPhoneFilter({ name: '  live ', status: 'stopped', regionId: 12, groupId: 0, billingMethod: 'payg' }),
    ).toEqual({
      name: 'live',
      status: 'stopped',
      region_id: 12,
      group_id: 0,
      billing_method: 'payg',
    });
    const window = toPhoneFilter({ range: [testDay('2026-03-01'), testDay('2026-03-31')] });
    expect(window.expire_from).toBeDefined();
    expect(window.expire_to).toBeDefined();
    expect(toPhoneFilter({ name: '   ' })).toEqual({});
  });

  it('polls only while a phone is on its way somewhere', () => {
    for (const status of ['creating', 'starting', 'stopping', 'rebooting', 'resetting'] as const) {
      expect(isPhoneChanging({ status })).toBe(true);
    }
    for (const status of ['running', 'stopped', 'deleted'] as const) {
      expect(isPhoneChanging({ status })).toBe(false);
    }
  });

  it('offers what the server allows, the renew dialog to a pay-as-you-go phone, and nothing on a released one', () => {
    const running = testPhone(1);
    expect(isPhoneOffered(running, 'stop')).toBe(true);
    expect(isPhoneOffered(running, 'start')).toBe(false);
    expect(phonePowerAction(running)).toBe('stop');
    const stopped = testPhone(2, { status: 'stopped', actions: ['start', 'reset', 'rename'] });
    expect(phonePowerAction(stopped)).toBe('start');
    expect(isPhoneOffered(stopped, 'upgrade')).toBe(false);
    expect(isPhoneOffered(testPhone(3, { billing_method: 'payg', actions: [] }), 'renew')).toBe(true);
    expect(isPhoneOffered(testPhone(4, { status: 'deleted' }), 'group')).toBe(false);
  });

  it('sends only what the edit changed', () => {
    const phone = testPhone(1, { display_name: 'A', group_id: 7 });
    expect(editChanges(phone, { name: 'phone-1', display_name: 'A', group_id: 7 })).toEqual({});
    expect(editChanges(phone, { name: ' new-name ', display_name: '', group_id: 0 })).toEqual({
      name: 'new-name',
      display_name: '',
      group_id: 0,
    });
  });
});
