/** The payment QR's countdown (spec §4 Top-up order: 600 s, shown as mm:ss). */
import { PAYMENT_QR_SECONDS } from '@cloudbay/contracts/core';

const QR_MS = PAYMENT_QR_SECONDS * 1000;

/**
 * When the QR stops being valid, on this browser's clock. `expires_at` is the server's time: a
 * freshly created order cannot have expired nor last longer than PAYMENT_QR_SECONDS, so a value
 * outside that range means this clock is off, and the full lifetime from now is used instead
 * (the server's expiry job stays the authority; the poll reports it).
 */
export function paymentDeadline(expiresAt: string, now: number): number {
  const left = Date.parse(expiresAt) - now;
  return Number.isFinite(left) && left > 0 && left <= QR_MS ? now + left : now + QR_MS;
}

/** Whole seconds until `deadline`, never below zero (rounded up, so 0 means it is over). */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 0 → '00:00', 600 → '10:00', 59 → '00:59'. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}
