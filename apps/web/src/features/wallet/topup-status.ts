/** Labels and colours of top-up order statuses (spec §4 Top-up order) and pay types (spec §9). */
import type { TagProps } from 'antd';
import { PAY_TYPE, TOPUP_STATUS } from '@cloudbay/contracts/core';

export type TopupStatusName = 'pending' | 'paid' | 'timeout' | 'failed';

const STATUS_NAMES: Readonly<Record<number, TopupStatusName>> = {
  [TOPUP_STATUS.PENDING]: 'pending',
  [TOPUP_STATUS.PAID]: 'paid',
  [TOPUP_STATUS.TIMEOUT]: 'timeout',
  [TOPUP_STATUS.FAILED]: 'failed',
};

const STATUS_COLORS: Readonly<Record<TopupStatusName, TagProps['color']>> = {
  pending: 'processing',
  paid: 'success',
  timeout: 'default',
  failed: 'error',
};

/** The statuses a list may be filtered by, in the order of spec §4. */
export const TOPUP_STATUS_VALUES: readonly number[] = Object.values(TOPUP_STATUS);

export function topupStatusName(status: number): TopupStatusName | undefined {
  return STATUS_NAMES[status];
}

export function topupStatusColor(name: TopupStatusName): TagProps['color'] {
  return STATUS_COLORS[name];
}

export type PayTypeName = 'stablecoin' | 'fiat';

export function payTypeName(payType: number): PayTypeName {
  return payType === PAY_TYPE.FIAT ? 'fiat' : 'stablecoin';
}
