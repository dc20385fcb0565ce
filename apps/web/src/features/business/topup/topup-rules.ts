/** What an operator may do with a top-up, as the server decides it. */
import { TOPUP_STATUS } from '@cloudbay/contracts/core';

/** Only a pending or timed-out top-up can be reconciled (a paid one is done, a failed one never reached the gateway). */
export function isReconcilable(topup: { status: number }): boolean {
  return topup.status === TOPUP_STATUS.PENDING || topup.status === TOPUP_STATUS.TIMEOUT;
}
