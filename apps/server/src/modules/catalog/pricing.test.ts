import { SECONDS_PER_BILLING_MONTH } from '@cloudbay/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import {
  applyDiscount,
  assertBackupSpace,
  assertEipBandwidth,
  assertOfficeBandwidth,
  assertQuantity,
  assertSystemDisk,
  CENT,
  customerPrice,
  desktopPrices,
  meteredRate,
  MILL,
  quote,
  quoteBackupSpace,
  quoteDesktop,
  quoteDesktopSpecChange,
  quoteEip,
  quoteEipBandwidthChange,
  assertPhoneNetworkEipBandwidth,
  quoteOfficeBandwidthChange,
  quoteOfficeNetwork,
  quotePhone,
  quotePhoneNetwork,
  quotePhoneSpecChange,
  quoteRenewal,
  quoteSpecChange,
  trafficCharge,
  type PriceBasis,
} from './pricing';

const $ = (dollars: string) => BigInt(Math.round(Number(dollars) * 1e6));
const basis = (regionFactorPercent = 100, markupPercent = 40): PriceBasis => ({
  markupPercentMicros: BigInt(markupPercent) * 1_000_000n,
  regionFactorPercent,
});
const HK = basis();
const FRANKFURT = basis(110);

/** The seed's general 2c4g and 4c8g types and its system disk. */
const GENERAL_2C4G = { monthlyCostMicros: $('16'), hourlyCostMicros: $('0.036') };
const GENERAL_4C8G = { monthlyCostMicros: $('32'), hourlyCostMicros: $('0.072') };
const DISK = { gibMonthMicros: $('0.04'), gibHourMicros: $('0.00006') };

function expectAppError(run: () => unknown, code: string) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(code);
    expect((error as AppError).status).toBe(400);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe('customerPrice', () => {
  it('applies the markup and the region factor, rounding half up once', () => {
    expect(customerPrice($('19.20'), HK, CENT)).toBe($('26.88'));
    // 19.20 × 1.4 × 1.1 = 29.568 → 29.57
    expect(customerPrice($('19.20'), FRANKFURT, CENT)).toBe($('29.57'));
    // 0.0408 × 1.4 = 0.05712 → 0.057 at the mill, 0.06 at the cent
    expect(customerPrice($('0.0408'), HK, MILL)).toBe($('0.057'));
    expect(customerPrice($('0.0408'), HK, CENT)).toBe($('0.06'));
  });

  it('rounds an exact half up and just below it down', () => {
    const noMarkup = basis(100, 0);
    expect(customerPrice(5_000n, noMarkup, CENT)).toBe(10_000n);
    expect(customerPrice(4_999n, noMarkup, CENT)).toBe(0n);
    expect(customerPrice(500n, noMarkup, MILL)).toBe(1_000n);
    expect(customerPrice(499n, noMarkup, MILL)).toBe(0n);
  });

  it('takes fractional markups and leaves a zero cost at zero', () => {
    expect(customerPrice($('10'), { markupPercentMicros: 12_500_000n, regionFactorPercent: 100 }, CENT)).toBe(
      $('11.25'),
    );
    expect(customerPrice(0n, FRANKFURT, CENT)).toBe(0n);
  });

  it('refuses a broken basis', () => {
    expect(() => customerPrice(1n, basis(0), CENT)).toThrow(RangeError);
    expect(() => customerPrice(1n, { markupPercentMicros: -1n, regionFactorPercent: 100 }, CENT)).toThrow(
      RangeError,
    );
  });

  it('prices traffic at $0.077/GB by default', () => {
    expect(meteredRate($('0.055'), HK)).toBe($('0.077'));
    // 0.055 × 1.54 = 0.0847 → 0.085
    expect(meteredRate($('0.055'), FRANKFURT)).toBe($('0.085'));
  });
});

describe('applyDiscount', () => {
  it.each([
    [$('645.12'), 8500, $('548.35')], // 548.352
    [$('100.00'), 9000, $('90.00')],
    [$('0.05'), 9000, $('0.05')], // 0.045 → 0.05 (half up)
    [$('0.04'), 8500, $('0.03')], // 0.034
    [$('10.00'), 10000, $('10.00')],
  ])('%s × %s bp = %s', (amount, bp, payable) => {
    expect(applyDiscount(amount, bp)).toBe(payable);
  });

  it('refuses discounts outside (0, 1]', () => {
    for (const bp of [0, -1, 10001, 8500.5]) expect(() => applyDiscount(1n, bp)).toThrow(RangeError);
  });
});

describe('desktops', () => {
  it('prices a desktop as its type plus its system disk', () => {
    // (16 + 80 × 0.04) × 1.4 = 26.88; (0.036 + 80 × 0.00006) × 1.4 = 0.05712 → 0.057
    expect(desktopPrices(GENERAL_2C4G, DISK, 80, HK)).toEqual({
      unitMicros: $('26.88'),
      hourlyMicros: $('0.057'),
    });
    // (16 + 200 × 0.04) × 1.54 = 36.96; (0.036 + 0.012) × 1.54 = 0.07392 → 0.074
    expect(desktopPrices(GENERAL_2C4G, DISK, 200, FRANKFURT)).toEqual({
      unitMicros: $('36.96'),
      hourlyMicros: $('0.074'),
    });
  });

  it('quotes a subscription: unit × months × quantity, then the period discount', () => {
    const q = quoteDesktop({
      type: GENERAL_2C4G,
      disk: DISK,
      systemDiskGib: 80,
      basis: HK,
      charge: { billingMethod: 'subscription', months: 12, discountBp: 8500 },
      quantity: 2,
    });
    expect(q).toEqual({
      billingMethod: 'subscription',
      months: 12,
      quantity: 2,
      unitMicros: $('26.88'),
      hourlyMicros: $('0.057'),
      originalMicros: $('645.12'),
      discountBp: 8500,
      payableMicros: $('548.35'),
      minBalanceMicros: $('548.35'),
    });
  });

  it('rounds the discounted total, not each desktop', () => {
    const q = quoteDesktop({
      type: GENERAL_2C4G,
      disk: DISK,
      systemDiskGib: 80,
      basis: FRANKFURT,
      charge: { billingMethod: 'subscription', months: 3, discountBp: 9500 },
      quantity: 3,
    });
    // 29.57 × 3 × 3 = 266.13; × 0.95 = 252.8235 → 252.82 (per desktop 84.2745 → 84.27 × 3 would be 252.81)
    expect(q.originalMicros).toBe($('266.13'));
    expect(q.payableMicros).toBe($('252.82'));
  });

  it('quotes pay-as-you-go with nothing up front and one hour of every desktop as the minimum balance', () => {
    const q = quoteDesktop({
      type: GENERAL_4C8G,
      disk: DISK,
      systemDiskGib: 100,
      basis: HK,
      charge: { billingMethod: 'payg' },
      quantity: 5,
    });
    // (0.072 + 100 × 0.00006) × 1.4 = 0.1092 → 0.109
    expect(q).toMatchObject({
      billingMethod: 'payg',
      months: null,
      hourlyMicros: $('0.109'),
      originalMicros: 0n,
      payableMicros: 0n,
      discountBp: 10000,
      minBalanceMicros: $('0.545'),
    });
  });

  it('refuses system disks outside 80–500 GiB in steps of 10, and bad quantities', () => {
    for (const gib of [70, 85, 510, 79.5]) {
      expectAppError(() => desktopPrices(GENERAL_2C4G, DISK, gib, HK), 'SYSTEM_DISK_RANGE');
    }
    for (const gib of [80, 90, 500]) expect(() => assertSystemDisk(gib)).not.toThrow();
    for (const quantity of [0, 101, 1.5]) expectAppError(() => assertQuantity(quantity), 'QUANTITY_RANGE');
    expect(() => assertQuantity(100)).not.toThrow();
  });

  it('renews at the current monthly price × months × discount', () => {
    const q = quoteRenewal($('26.88'), { months: 6, discountBp: 9000 });
    // 161.28 × 0.9 = 145.152 → 145.15
    expect(q).toMatchObject({
      months: 6,
      quantity: 1,
      originalMicros: $('161.28'),
      payableMicros: $('145.15'),
    });
  });
});

describe('configuration changes', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);
  const prices = (unit: string, hourly: string) => ({ unitMicros: $(unit), hourlyMicros: $(hourly) });

  it('prorates the monthly difference over the exact seconds left', () => {
    const q = quoteSpecChange({
      billingMethod: 'subscription',
      before: prices('26.88', '0.057'),
      after: prices('49.28', '0.109'),
      expiresAt: later(SECONDS_PER_BILLING_MONTH / 2),
      now,
    });
    // 22.40 × ½ = 11.20
    expect(q).toEqual({
      billingMethod: 'subscription',
      oldUnitMicros: $('26.88'),
      newUnitMicros: $('49.28'),
      oldHourlyMicros: $('0.057'),
      newHourlyMicros: $('0.109'),
      remainingSeconds: SECONDS_PER_BILLING_MONTH / 2,
      payableMicros: $('11.20'),
    });
  });

  it('counts whole seconds and rounds the prorated figure half up to the cent', () => {
    const change = (seconds: number) =>
      quoteSpecChange({
        billingMethod: 'subscription',
        before: prices('10.00', '0'),
        after: prices('40.00', '0'),
        expiresAt: later(seconds),
        now,
      });
    // 30 × 1 / 2 592 000 = 0.0000115… → 0.00; 30 × 864 s = 0.01 exactly; a day = 1.00
    expect(change(1).payableMicros).toBe(0n);
    expect(change(432).payableMicros).toBe($('0.01')); // 0.005 → 0.01
    expect(change(431).payableMicros).toBe(0n); // 0.004988…
    expect(change(86_400).payableMicros).toBe($('1.00'));
    expect(change(86_400.9).remainingSeconds).toBe(86_400);
    // A whole year left: 12 months' worth of the difference, nothing capped.
    expect(change(12 * SECONDS_PER_BILLING_MONTH).payableMicros).toBe($('360.00'));
  });

  it('never charges for a downgrade or an expired subscription', () => {
    const downgrade = quoteSpecChange({
      billingMethod: 'subscription',
      before: prices('49.28', '0.109'),
      after: prices('26.88', '0.057'),
      expiresAt: later(SECONDS_PER_BILLING_MONTH),
      now,
    });
    expect(downgrade.payableMicros).toBe(0n);
    const expired = quoteSpecChange({
      billingMethod: 'subscription',
      before: prices('26.88', '0.057'),
      after: prices('49.28', '0.109'),
      expiresAt: later(-60),
      now,
    });
    expect(expired).toMatchObject({ remainingSeconds: 0, payableMicros: 0n });
  });

  it('charges pay-as-you-go nothing now and answers the new hourly price', () => {
    const q = quoteSpecChange({
      billingMethod: 'payg',
      before: prices('26.88', '0.057'),
      after: prices('49.28', '0.109'),
      now,
    });
    expect(q).toMatchObject({ payableMicros: 0n, newHourlyMicros: $('0.109'), remainingSeconds: 0 });
  });

  it('needs the expiry of a subscription', () => {
    expectAppError(
      () =>
        quoteSpecChange({
          billingMethod: 'subscription',
          before: prices('1', '0'),
          after: prices('2', '0'),
          now,
        }),
      'EXPIRE_TIME_REQUIRED',
    );
  });

  it('prices a desktop change from both specs and only lets the system disk grow', () => {
    const q = quoteDesktopSpecChange({
      current: { type: GENERAL_2C4G, systemDiskGib: 80 },
      next: { type: GENERAL_4C8G, systemDiskGib: 120 },
      disk: DISK,
      basis: HK,
      billingMethod: 'subscription',
      expiresAt: later(10 * 86_400),
      now,
    });
    // new (32 + 4.80) × 1.4 = 51.52; old 26.88; 24.64 × 10/30 = 8.2133… → 8.21
    expect(q).toMatchObject({
      oldUnitMicros: $('26.88'),
      newUnitMicros: $('51.52'),
      payableMicros: $('8.21'),
    });
    expectAppError(
      () =>
        quoteDesktopSpecChange({
          current: { type: GENERAL_2C4G, systemDiskGib: 120 },
          next: { type: GENERAL_4C8G, systemDiskGib: 100 },
          disk: DISK,
          basis: HK,
          billingMethod: 'payg',
          now,
        }),
      'SYSTEM_DISK_SHRINK',
    );
  });

  it('prorates a phone spec change to the expiry, never below 0, and prices pay-as-you-go by the hour', () => {
    // The seed's basic 2c4g ($6, $0.012/h) and standard 4c8g ($10, $0.02/h) phone specs.
    const basic = { monthlyMicros: $('6'), hourlyMicros: $('0.012') };
    const standard = { monthlyMicros: $('10'), hourlyMicros: $('0.02') };
    const change = (current: typeof basic, next: typeof basic, seconds: number) =>
      quotePhoneSpecChange({
        current,
        next,
        basis: HK,
        billingMethod: 'subscription',
        expiresAt: later(seconds),
        now,
      });
    // (14.00 − 8.40) × 20/30 = 3.7333… → 3.73
    expect(change(basic, standard, 20 * 86_400)).toMatchObject({
      oldUnitMicros: $('8.40'),
      newUnitMicros: $('14.00'),
      remainingSeconds: 20 * 86_400,
      payableMicros: $('3.73'),
    });
    expect(change(standard, basic, 20 * 86_400).payableMicros).toBe(0n);
    expect(change(basic, standard, -60).payableMicros).toBe(0n);
    const payg = quotePhoneSpecChange({
      current: basic,
      next: standard,
      basis: HK,
      billingMethod: 'payg',
      now,
    });
    expect(payg).toMatchObject({ payableMicros: 0n, newHourlyMicros: $('0.028') });
  });

  describe('office network bandwidth', () => {
    const upgrade = (currentMbps: number, nextMbps: number, seconds = SECONDS_PER_BILLING_MONTH) =>
      quoteOfficeBandwidthChange({
        currentMbps,
        nextMbps,
        mbpsMonthCostMicros: $('1.50'),
        basis: HK,
        billingMethod: 'subscription',
        expiresAt: later(seconds),
        now,
      });

    it('prorates the monthly difference of the two bandwidths to the expiry', () => {
      // 10 Mbps: 10 × 1.50 × 1.4 = 21.00; 25 Mbps: 52.50; 31.50 × 10 days / 30 = 10.50
      expect(upgrade(10, 25, 10 * 86_400)).toEqual({
        billingMethod: 'subscription',
        oldUnitMicros: $('21.00'),
        newUnitMicros: $('52.50'),
        oldHourlyMicros: 0n,
        newHourlyMicros: 0n,
        remainingSeconds: 10 * 86_400,
        payableMicros: $('10.50'),
      });
      // A whole month left: the whole difference; 1 s left: rounds to nothing.
      expect(upgrade(10, 25).payableMicros).toBe($('31.50'));
      expect(upgrade(10, 11, 1).payableMicros).toBe(0n);
      // In a dearer region the difference carries the factor: (52.50 − 21.00) × 1.1 = 34.65.
      const frankfurt = quoteOfficeBandwidthChange({
        currentMbps: 10,
        nextMbps: 25,
        mbpsMonthCostMicros: $('1.50'),
        basis: FRANKFURT,
        billingMethod: 'subscription',
        expiresAt: later(SECONDS_PER_BILLING_MONTH),
        now,
      });
      expect(frankfurt.payableMicros).toBe($('34.65'));
    });

    it('only goes up, within 10–200 Mbps', () => {
      for (const next of [20, 10]) {
        try {
          upgrade(20, next);
          throw new Error('expected a refusal');
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect(error).toMatchObject({
            code: 'OFFICE_BANDWIDTH_NOT_HIGHER',
            status: 422,
            params: { current: 20 },
          });
        }
      }
      expectAppError(() => upgrade(20, 201), 'OFFICE_BANDWIDTH_RANGE');
      expect(upgrade(199, 200).newUnitMicros).toBe($('420.00'));
    });

    it('charges an expired subscription nothing (the renewal prices the new bandwidth)', () => {
      expect(upgrade(10, 50, -3600)).toMatchObject({ remainingSeconds: 0, payableMicros: 0n });
    });
  });
});

describe('networks, EIPs, backup space and phones', () => {
  it('prices an office network by bandwidth × Mbps-month, with the desktop discount', () => {
    const q = quoteOfficeNetwork({
      bandwidthMbps: 10,
      mbpsMonthCostMicros: $('1.50'),
      basis: HK,
      months: 3,
      discountBp: 9500,
    });
    // 10 × 1.50 × 1.4 = 21.00; × 3 = 63.00; × 0.95 = 59.85
    expect(q).toMatchObject({
      unitMicros: $('21.00'),
      originalMicros: $('63.00'),
      payableMicros: $('59.85'),
    });
    expectAppError(
      () =>
        quoteOfficeNetwork({
          bandwidthMbps: 9,
          mbpsMonthCostMicros: 1n,
          basis: HK,
          months: 1,
          discountBp: 10000,
        }),
      'OFFICE_BANDWIDTH_RANGE',
    );
    for (const mbps of [10, 200]) expect(() => assertOfficeBandwidth(mbps)).not.toThrow();
    expectAppError(() => assertOfficeBandwidth(201), 'OFFICE_BANDWIDTH_RANGE');
  });

  it('prices an EIP by bandwidth with the phones’ discount', () => {
    const q = quoteEip({
      bandwidthMbps: 5,
      mbpsMonthCostMicros: $('2'),
      basis: FRANKFURT,
      months: 12,
      phDiscountBp: 8000,
    });
    // 5 × 2 × 1.54 = 15.40; × 12 = 184.80; × 0.8 = 147.84
    expect(q).toMatchObject({
      unitMicros: $('15.40'),
      originalMicros: $('184.80'),
      payableMicros: $('147.84'),
    });
    // The purchase form's range is 1–1000 (spec §5); a phone network's addresses take 5–200.
    for (const mbps of [0, 1001, 2.5]) expectAppError(() => assertEipBandwidth(mbps), 'EIP_BANDWIDTH_RANGE');
    for (const mbps of [1, 1000]) expect(() => assertEipBandwidth(mbps)).not.toThrow();
    for (const mbps of [4, 201, 5.5])
      expectAppError(() => assertPhoneNetworkEipBandwidth(mbps), 'PHONE_NETWORK_EIP_BANDWIDTH_RANGE');
    for (const mbps of [5, 200]) expect(() => assertPhoneNetworkEipBandwidth(mbps)).not.toThrow();
  });

  it('prorates an EIP bandwidth raise to its expiry and charges nothing for a cut', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const half = new Date(now.getTime() + (SECONDS_PER_BILLING_MONTH / 2) * 1000);
    const change = (currentMbps: number, nextMbps: number) =>
      quoteEipBandwidthChange({
        currentMbps,
        nextMbps,
        mbpsMonthCostMicros: $('2'),
        basis: FRANKFURT,
        expiresAt: half,
        now,
      });
    // 5 → 10 Mbps: 15.40 → 30.80 a month, half a month left: 7.70.
    expect(change(5, 10)).toMatchObject({
      payableMicros: $('7.70'),
      remainingSeconds: SECONDS_PER_BILLING_MONTH / 2,
    });
    expect(change(10, 5).payableMicros).toBe(0n);
    expectAppError(() => change(5, 1001), 'EIP_BANDWIDTH_RANGE');
  });

  it('prices backup space by GiB in multiples of 10 from 10 to 5000', () => {
    const q = quoteBackupSpace({
      sizeGib: 50,
      gibMonthCostMicros: $('0.02'),
      basis: HK,
      months: 1,
      phDiscountBp: 10000,
    });
    // 50 × 0.02 × 1.4 = 1.40
    expect(q.payableMicros).toBe($('1.40'));
    for (const gib of [0, 5, 15, 5010]) expectAppError(() => assertBackupSpace(gib), 'BACKUP_SPACE_RANGE');
    for (const gib of [10, 5000]) expect(() => assertBackupSpace(gib)).not.toThrow();
  });

  it('prices phones by spec with the phones’ discount, and pay-as-you-go by the hour', () => {
    const spec = { monthlyMicros: $('10'), hourlyMicros: $('0.02') };
    const monthly = quotePhone({
      spec,
      basis: HK,
      charge: { billingMethod: 'subscription', months: 3, discountBp: 9300 },
      quantity: 4,
    });
    // 14.00 × 3 × 4 = 168.00; × 0.93 = 156.24
    expect(monthly).toMatchObject({
      unitMicros: $('14.00'),
      originalMicros: $('168.00'),
      payableMicros: $('156.24'),
    });
    const hourly = quotePhone({ spec, basis: HK, charge: { billingMethod: 'payg' }, quantity: 4 });
    expect(hourly).toMatchObject({
      hourlyMicros: $('0.028'),
      minBalanceMicros: $('0.112'),
      payableMicros: 0n,
    });
  });

  it('prices a phone network per month', () => {
    const q = quotePhoneNetwork({ monthCostMicros: $('5'), basis: HK, months: 2, phDiscountBp: 9700 });
    // 7.00 × 2 × 0.97 = 13.58
    expect(q).toMatchObject({ unitMicros: $('7.00'), payableMicros: $('13.58') });
  });

  it('bills traffic by the byte at the per-GB rate, to the micro', () => {
    expect(trafficCharge($('0.077'), 1_000_000_000n)).toBe($('0.077'));
    expect(trafficCharge($('0.077'), 2_500_000_000n)).toBe(192_500n);
    expect(trafficCharge($('0.077'), 6_493n)).toBe(0n); // 0.49996 µ$
    expect(trafficCharge($('0.077'), 6_494n)).toBe(1n); // 0.500038 µ$
    expect(trafficCharge($('0.077'), 0n)).toBe(0n);
  });

  it('is generic: any resource with a monthly and an hourly price quotes the same way', () => {
    const q = quote(
      { unitMicros: $('3.33'), hourlyMicros: $('0.005') },
      { billingMethod: 'subscription', months: 36, discountBp: 7500 },
      1,
    );
    // 3.33 × 36 = 119.88; × 0.75 = 89.91
    expect(q.payableMicros).toBe($('89.91'));
    expect(() =>
      quote(
        { unitMicros: 1n, hourlyMicros: 1n },
        { billingMethod: 'subscription', months: 0, discountBp: 1 },
        1,
      ),
    ).toThrow(RangeError);
  });
});
