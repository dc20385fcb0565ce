import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../lib/request';
import { answeredError as answered } from '../../../test/fixtures';
import {
  fitSystemDisk,
  INITIAL_BUY_VALUES,
  minSystemDisk,
  toPriceQuery,
  toPurchaseBody,
  type BuyFormValues,
} from './buy-form';
import { pickDefaultRegion } from './default-region';
import { classifyPurchaseError } from './purchase-outcome';
import { reconcileBuyForm } from './reconcile-buy-form';
import { BUNDLES, IMAGES, officeSite, PERIODS } from './test-catalog';

const filled: BuyFormValues = {
  ...INITIAL_BUY_VALUES,
  region_id: 2,
  bundle_id: 'b-2c4g',
  bundle_type: 'general',
  platform_type: 'Windows',
  image_id: 'img-ws2022',
  system_disk: 120,
  period: 3,
  quantity: 2,
  name: '  office ',
  agreed: true,
};

describe('the default region', () => {
  const regions = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('is the stored one while it is on sale, else the one with most desktops, else the first', () => {
    expect(pickDefaultRegion(regions, [{ region_id: 3, count: 9 }], 2)).toBe(2);
    expect(pickDefaultRegion(regions, [{ region_id: 3, count: 9 }], 7)).toBe(3);
    expect(
      pickDefaultRegion(
        regions,
        [
          { region_id: 2, count: 1 },
          { region_id: 3, count: 1 },
        ],
        undefined,
      ),
    ).toBe(2);
    expect(pickDefaultRegion(regions, undefined, undefined)).toBe(1);
    expect(pickDefaultRegion([], undefined, undefined)).toBeUndefined();
  });
});

describe('the purchase form', () => {
  it('prices only a complete form; pay-as-you-go without a term', () => {
    expect(toPriceQuery(filled)).toEqual({
      region_id: 2,
      bundle_id: 'b-2c4g',
      system_disk: 120,
      billing_method: 'subscription',
      period: 3,
      quantity: 2,
    });
    expect(toPriceQuery({ ...filled, billing_method: 'payg' })).not.toHaveProperty('period');
    expect(toPriceQuery({ ...filled, system_disk: 125 })).toBeUndefined();
    expect(toPriceQuery({ ...filled, quantity: 101 })).toBeUndefined();
    expect(toPriceQuery({ ...filled, period: undefined })).toBeUndefined();
  });

  it('sends the free network as no id, and no term or auto-renewal for pay-as-you-go', () => {
    expect(toPurchaseBody({ ...filled, auto_renew: true })).toEqual({
      region_id: 2,
      bundle_id: 'b-2c4g',
      image_id: 'img-ws2022',
      system_disk: 120,
      billing_method: 'subscription',
      period: 3,
      auto_renew: true,
      quantity: 2,
      name: 'office',
      agreed: true,
    });
    const payg = toPurchaseBody({
      ...filled,
      billing_method: 'payg',
      auto_renew: true,
      office_site_id: 'os-1',
    });
    expect(payg).toMatchObject({ office_site_id: 'os-1', auto_renew: false });
    expect(payg).not.toHaveProperty('period');
  });

  it('keeps the disk on the 80–500 scale, in steps of 10, at least what the image needs', () => {
    expect(minSystemDisk({ min_system_disk: 40 })).toBe(80);
    expect(minSystemDisk({ min_system_disk: 145 })).toBe(150);
    expect(fitSystemDisk(123, 80)).toBe(120);
    expect(fitSystemDisk(100, 150)).toBe(150);
    expect(fitSystemDisk(9000, 80)).toBe(500);
    expect(fitSystemDisk(undefined, 80)).toBe(80);
  });
});

describe('keeping the form within the catalogue', () => {
  const catalog = {
    bundles: BUNDLES,
    platformTypes: [{ value: 'Windows' as const, label: 'Windows' }],
    images: IMAGES.filter((image) => image.platform_type === 'Windows'),
    periods: PERIODS,
    officeSites: [officeSite({ office_site_id: 'os-1', name: 'HQ' })],
  };

  it('fills a new form with the smallest bundle, its default image and disk, the first term and platform', () => {
    expect(reconcileBuyForm({ ...INITIAL_BUY_VALUES, region_id: 2 }, catalog)).toEqual({
      bundle_id: 'b-2c4g',
      bundle_type: 'general',
      image_id: 'img-ws2022',
      system_disk: 80,
      period: 1,
    });
    expect(reconcileBuyForm(filled, catalog)).toBeUndefined();
    expect(reconcileBuyForm({ ...filled, platform_type: 'Linux' }, catalog)).toEqual({
      platform_type: 'Windows',
      image_id: undefined,
    });
  });

  it('follows a family change, and falls back to the free network when a chosen one is gone', () => {
    expect(reconcileBuyForm({ ...filled, bundle_type: 'graphics', system_disk: 80 }, catalog)).toEqual({
      bundle_id: 'b-gpu',
      system_disk: 120,
    });
    expect(reconcileBuyForm({ ...filled, office_site_id: 'os-gone' }, catalog)).toEqual({
      office_site_id: 'free',
    });
    expect(reconcileBuyForm({ ...filled, image_id: 'img-mine', system_disk: 80 }, catalog)).toEqual({
      system_disk: 150,
    });
  });
});

describe('what a refused purchase means', () => {
  it('tells the balance, the form and the rest apart by the answer', () => {
    expect(classifyPurchaseError(new RequestError('timeout', 'slow', { handled: true }))).toEqual({
      kind: 'unknown',
    });
    expect(classifyPurchaseError(answered(502))).toEqual({ kind: 'unknown' });
    expect(classifyPurchaseError(answered(422, 'INSUFFICIENT_BALANCE'))).toEqual({ kind: 'insufficient' });
    expect(classifyPurchaseError(answered(400, 'VALIDATION_FAILED'))).toEqual({ kind: 'invalid' });
    expect(classifyPurchaseError(answered(409, 'RESOURCE_ACTION_FORBIDDEN'))).toEqual({
      kind: 'failed',
      message: 'refused',
    });
  });
});
