/** Top-up constants of spec §5 and §9 (zod-free, for the web). */
import { DEFAULT_PAY_TYPE, PAY_TYPE_FIAT, PAY_TYPE_STABLECOIN } from './statuses';

export const MIN_TOPUP_DOLLARS = 5;
export const TOPUP_PRESETS = [100, 200, 300, 400, 500, 600, 800] as const;
export const DEFAULT_TOPUP_DOLLARS = 100;
/** The pay types (PAY_TYPES) as the API's numbers: 1 fiat QR payment, 2 stablecoin payment (the default). */
export const PAY_TYPE = { FIAT: Number(PAY_TYPE_FIAT), STABLECOIN: Number(PAY_TYPE_STABLECOIN) } as const;
export const DEFAULT_PAY_TYPE_NUMBER = Number(DEFAULT_PAY_TYPE);
/** Top-up order statuses: 2 means paid (spec §4). */
export const TOPUP_STATUS = { PENDING: 1, PAID: 2, TIMEOUT: 3, FAILED: 4 } as const;
/** The payment dialog polls the order this often, and the QR lasts this long. */
export const PAYMENT_POLL_MS = 4_000;
export const PAYMENT_QR_SECONDS = 600;
/** The first successful top-up of an account earns this bonus (configurable, setting FIRST_RECHARGE_BONUS_PERCENT). */
export const FIRST_RECHARGE_BONUS_PERCENT = 10;
/** pay_info.code when the gateway refused to create the payment. */
export const PAY_INFO_FAILED = -1;
/** The query parameter of a sandbox payer link that carries the order's signature (`?sig=…`). */
export const SANDBOX_PAYER_SIGNATURE_PARAM = 'sig';
