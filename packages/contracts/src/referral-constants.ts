/** Referral rebates and withdrawals (issue 22): the zod-free values (the web imports them from `core`). */

/** The setting (sys_configs) of the reward: percent of an invitee's resource spend (public). */
export const REFERRAL_REWARD_PERCENT_SETTING = 'referral.reward_percent';
export const DEFAULT_REFERRAL_REWARD_PERCENT = '5';
/** The setting (sys_configs) of the smallest withdrawal, in dollars. */
export const REFERRAL_MIN_WITHDRAWAL_SETTING = 'referral.min_withdrawal';
export const DEFAULT_REFERRAL_MIN_WITHDRAWAL = '10.00';

/** Where a withdrawal goes: the wallet balance (instant) or a TRC20 USDT address (reviewed). */
export const WITHDRAWAL_CHANNELS = ['balance', 'address'] as const;
export type WithdrawalChannel = (typeof WITHDRAWAL_CHANNELS)[number];

/**
 * A TRC20 (TRON) address as written: `T` and 33 more base58 characters. The server also checks its
 * base58check checksum; the web checks only this shape.
 */
export const TRC20_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** A transaction hash an operator records when paying an address withdrawal: 64 hex digits. */
export const TRON_TX_HASH_PATTERN = /^(0x)?[0-9a-fA-F]{64}$/;
