/** The database keeps 'enabled'/'disabled'; the operators' API speaks RuoYi's '0'/'1' flag. */
import type { NormalDisable } from '@cloudbay/contracts';

export type RowStatus = 'enabled' | 'disabled';

export const flagOf = (status: string): NormalDisable => (status === 'enabled' ? '0' : '1');
export const rowStatusOf = (flag: NormalDisable): RowStatus => (flag === '0' ? 'enabled' : 'disabled');
/** An optional list filter's flag as the stored status. */
export const statusFilter = (flag: NormalDisable | undefined): RowStatus | undefined =>
  flag === undefined ? undefined : rowStatusOf(flag);
