/** The operator's home (issue 18): figures of the business over a range, from the ledger and orders. */
import { z } from 'zod';

export const DASHBOARD_RANGES = ['today', '7d', '30d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
/** Days each range covers, today included (days are UTC days, as the ledger's times are). */
export const DASHBOARD_RANGE_DAYS: Record<DashboardRange, number> = { today: 1, '7d': 7, '30d': 30 };
/** How many customers the top-spenders list shows. */
export const DASHBOARD_TOP_CUSTOMERS = 10;

export const dashboardQuery = z.object({ range: z.enum(DASHBOARD_RANGES).default('today') });

/** A sum of money and how many movements made it. Amounts are dollar strings, as everywhere. */
const moneyCount = z.object({ amount: z.string(), count: z.number().int() });

export const dashboardSchema = z.object({
  range: z.enum(DASHBOARD_RANGES),
  /** The range's first instant (a UTC midnight) and the time the figures were read. */
  from: z.string(),
  to: z.string(),
  /** Wallet credits of paid top-ups (ledger `topup`; bonuses apart). */
  topups: moneyCount,
  /** Charges for products (purchase, renewal, upgrade, hourly pay-as-you-go, traffic). */
  consumption: moneyCount,
  /** Money given back to wallets (ledger `refund`). */
  refunds: moneyCount,
  /** Consumption per product type (orders' product type, or the billed resource's kind). */
  consumptionByType: z.array(
    z.object({ productType: z.string(), amount: z.string(), count: z.number().int() }),
  ),
  /** Main customer accounts created in the range. */
  newCustomers: z.number().int(),
  /** Resources created and not deleted, per kind (now, not over the range). */
  liveResources: z.array(z.object({ kind: z.string(), count: z.number().int() })),
  /** Customers with an hour they could not pay in the range (their resources were stopped for arrears). */
  customersInArrears: z.number().int(),
  /** What the business owes its customers: the sum of their wallets (and holds), now. */
  liability: z.string(),
  /** Top-up orders of the range that reached a verdict: paid ÷ (paid + timed out + failed). */
  gateway: z.object({
    paid: z.number().int(),
    unpaid: z.number().int(),
    /** Percent with one decimal, null when no order reached a verdict. */
    successRate: z.number().nullable(),
  }),
  /** One point per UTC day of the range, oldest first. */
  daily: z.array(
    z.object({
      day: z.string(),
      topups: z.string(),
      consumption: z.string(),
      newCustomers: z.number().int(),
    }),
  ),
  /** The customers who spent most in the range (within the operator's data scope). */
  topCustomers: z.array(
    z.object({ userId: z.number().int(), email: z.string(), nickname: z.string(), amount: z.string() }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
