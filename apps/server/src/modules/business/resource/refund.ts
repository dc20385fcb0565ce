/**
 * What releasing a resource gives back under each refund rule (issue 18): nothing; everything the
 * customer paid for it and has not had back (`full`); or the unused share of its paid term
 * (`prorated`): the full figure × (end − now) / (end − start), rounded down to the cent (what the
 * dialog shows is what is refunded).
 * Money is given back order by order, newest first (a renewal pays for the end of the term), each
 * through `refundOrderPart` under its own key, so a release refunds once whatever happens.
 */
import { MICROS_PER_DOLLAR, type ResourceRefundRule } from '@cloudbay/contracts';

const MICROS_PER_CENT = MICROS_PER_DOLLAR / 100n;

/** What one order paid for this resource and still holds (its share, less refunds). */
export interface PaidPart {
  orderId: number;
  refundableMicros: bigint;
}

export interface Term {
  billingMethod: string;
  startsAt: Date;
  /** Null for pay-as-you-go. */
  expiresAt: Date | null;
  now: Date;
}

export const sumMicros = (parts: readonly PaidPart[]) =>
  parts.reduce((sum, part) => sum + part.refundableMicros, 0n);

/** The total a rule gives back. Pay-as-you-go has no prepaid term: prorated gives nothing. */
export function refundTotal(rule: ResourceRefundRule, parts: readonly PaidPart[], term: Term): bigint {
  const paid = sumMicros(parts);
  if (rule === 'none' || paid === 0n) return 0n;
  if (rule === 'full') return paid;
  const { expiresAt, startsAt, now } = term;
  if (term.billingMethod !== 'subscription' || expiresAt === null || expiresAt <= now) return 0n;
  const whole = BigInt(expiresAt.getTime() - startsAt.getTime());
  if (whole <= 0n) return paid;
  const left = BigInt(expiresAt.getTime() - Math.max(now.getTime(), startsAt.getTime()));
  const exact = (paid * left) / whole;
  return exact - (exact % MICROS_PER_CENT);
}

/** `total` spread over the orders, newest first, none given more than it holds. */
export function allocate(
  total: bigint,
  parts: readonly PaidPart[],
): Array<{ orderId: number; amountMicros: bigint }> {
  const plan: Array<{ orderId: number; amountMicros: bigint }> = [];
  let left = total;
  for (const part of [...parts].reverse()) {
    if (left <= 0n) break;
    const amount = part.refundableMicros < left ? part.refundableMicros : left;
    if (amount > 0n) plan.push({ orderId: part.orderId, amountMicros: amount });
    left -= amount;
  }
  return plan;
}
