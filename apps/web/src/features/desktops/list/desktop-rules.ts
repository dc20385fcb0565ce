/**
 * What the list may offer for a desktop (spec §4 Cloud computer statuses, §5 Resources): the
 * server's `actions` decide the buttons; these rules add the reasons the page explains.
 */
import type { Desktop } from '@cloudbay/contracts';
import {
  SYSTEM_DISK_MAX_GIB,
  SYSTEM_DISK_MIN_GIB,
  SYSTEM_DISK_STEP_GIB,
  type DesktopAction,
} from '@cloudbay/contracts/core';

/** Whether the desktop's state allows `action` now. */
export function allows(desktop: Pick<Desktop, 'actions'>, action: DesktopAction): boolean {
  return desktop.actions.includes(action);
}

/** Why a desktop can never be renewed nor auto-renewed: a gift (spec §5), or pay-as-you-go. */
export type RenewBlock = 'gift' | 'payg';

export function renewBlock(desktop: Pick<Desktop, 'gift' | 'billing_method'>): RenewBlock | null {
  if (desktop.gift) return 'gift';
  if (desktop.billing_method === 'payg') return 'payg';
  return null;
}

/** A subscription this close to its end is shown in the warning colour (the expiry notice's 3 days). */
export const EXPIRY_WARNING_DAYS = 3;
const DAY_MS = 24 * 3600 * 1000;

export type ExpiryLevel = 'expired' | 'soon' | 'normal';

/** How near the end is: whole days left (rounded up) and how to colour it. */
export function expiryOf(
  expireTime: string,
  now: number = Date.now(),
): { daysLeft: number; level: ExpiryLevel } {
  const left = new Date(expireTime).getTime() - now;
  if (left <= 0) return { daysLeft: 0, level: 'expired' };
  return {
    daysLeft: Math.ceil(left / DAY_MS),
    level: left < EXPIRY_WARNING_DAYS * DAY_MS ? 'soon' : 'normal',
  };
}

/** The system disk sizes a change may pick: from the current size (never smaller) to the maximum. */
export function diskRange(current: number): { min: number; max: number; step: number } {
  return {
    min: Math.min(Math.max(current, SYSTEM_DISK_MIN_GIB), SYSTEM_DISK_MAX_GIB),
    max: SYSTEM_DISK_MAX_GIB,
    step: SYSTEM_DISK_STEP_GIB,
  };
}

/** A picked size kept on the step grid and within the range (the slider and the number box agree). */
export function clampDisk(value: number, current: number): number {
  const { min, max, step } = diskRange(current);
  const stepped = Math.round(value / step) * step;
  return Math.min(max, Math.max(min, stepped));
}

/** The one region every desktop is in, or null when they differ (migration stays within a region). */
export function sharedRegion(desktops: readonly Pick<Desktop, 'region_id'>[]): number | null {
  const regions = new Set(desktops.map((desktop) => desktop.region_id));
  const [only] = regions;
  return regions.size === 1 && only !== undefined ? only : null;
}
