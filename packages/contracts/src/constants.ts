/** Business constants and limits of spec §9, shared by the server and the web app. */

/** Request timeout of the web request client. */
export const API_TIMEOUT_MS = 30_000;
/** A repeat POST/PUT to the same URL within this window is refused ('operation too frequent'). */
export const DUPLICATE_URL_WINDOW_MS = 2_000;
/** An identical POST/PUT (same URL and body) within this window is refused ('being processed'). */
export const DUPLICATE_BODY_WINDOW_MS = 1_000;
/** Payloads above this size skip the duplicate check; the server refuses bodies above it. */
export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** Page sizes a list accepts, and the default. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** Languages: zh-CN by default, en-US as the alternative. */
export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** One US dollar in the integer micro-dollars the ledger stores. */
export const MICROS_PER_DOLLAR = 1_000_000n;
