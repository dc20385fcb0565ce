/** Pieces shared by the list filters and CSV exports (bills, orders, top-up records). */
import { z } from 'zod';
import { ErrorCode } from './errors';
import { BILLING_METHODS } from './statuses';

/** An untouched form field arrives as '' (or is left out): both mean "no filter". */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A day (`2026-11-22`, the whole UTC day) or an instant with its offset (`2026-11-22T00:00:00+08:00`). */
const timeBound = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: ErrorCode.VALIDATION_FAILED,
});

/** The creation-time window of a list: from `begin_time` through `end_time`, both inclusive. */
export const timeWindow = z.object({
  /** From this day or instant on (inclusive). */
  begin_time: optional(timeBound),
  /** Up to this day (through its end) or instant (inclusive). */
  end_time: optional(timeBound),
});
export type TimeWindow = z.infer<typeof timeWindow>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** What every CSV export adds to its filters: the IANA zone to write times in (UTC when absent). */
export const exportOptions = z.object({
  time_zone: optional(z.string().max(64).refine(isTimeZone, ErrorCode.VALIDATION_FAILED)),
});

/** An instant with its offset. */
const instant = z.iso.datetime({ offset: true });

/**
 * The filters every list of a customer's resources of one kind takes (desktops, phones), besides
 * its status: part of the name, region, billing method, and the subscription-end window.
 */
export const resourceListFilter = z.object({
  /** Part of the name, case-insensitive. */
  name: optional(z.string().trim().max(64)),
  region_id: optional(z.coerce.number().int().positive()),
  billing_method: optional(z.enum(BILLING_METHODS)),
  /** Expiring from this instant on (inclusive). */
  expire_from: optional(instant),
  /** Expiring up to this instant (inclusive). */
  expire_to: optional(instant),
});
export type ResourceListFilter = z.output<typeof resourceListFilter>;
