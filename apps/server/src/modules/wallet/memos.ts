/**
 * The memos the platform itself writes on customers' wallet movements, in both languages. A
 * movement stores the key in its metadata (`memo_key`) and the Chinese text as its memo; bills,
 * the bill, an order's movements and the CSV export show the reader's language (Accept-Language).
 * Memos without a key (an operator's note, a resource id) are shown as written.
 */
import type { Language } from '@cloudbay/contracts';
import type { Tx } from '../../db/transaction';
import { updateTransactionMemo } from './ledger-repo';

const LEDGER_MEMOS = {
  demo_credit: { 'zh-CN': '演示赠金', 'en-US': 'Demo credit' },
  first_recharge_bonus: { 'zh-CN': '首充赠送', 'en-US': 'First-recharge bonus' },
  // Refunds say why in the reader's words; the cloud's own failure text stays on the order.
  creation_refund: { 'zh-CN': '资源创建失败退款', 'en-US': 'Refund: the resource could not be created' },
  change_refund: { 'zh-CN': '变更未生效退款', 'en-US': 'Refund: the change was not applied' },
  release_refund: { 'zh-CN': '资源释放退款', 'en-US': 'Refund: the resource was released' },
  // An operator's balance adjustment (issue 18); the operator's reason stays on the adjustment.
  adjustment_credit: { 'zh-CN': '平台调增余额', 'en-US': 'Balance credited by the platform' },
  adjustment_debit: { 'zh-CN': '平台调减余额', 'en-US': 'Balance debited by the platform' },
  // Referral rebates (issue 22): the reward, its reversal by a refund, a withdrawal to the balance.
  referral_reward: { 'zh-CN': '推荐返利', 'en-US': 'Referral reward' },
  referral_reversal: {
    'zh-CN': '推荐返利冲回（消费已退款）',
    'en-US': 'Referral reward reversed (spend refunded)',
  },
  referral_withdrawal_balance: { 'zh-CN': '返利提现到余额', 'en-US': 'Rebate withdrawn to the balance' },
} as const satisfies Record<string, Record<Language, string>>;

export type LedgerMemoKey = keyof typeof LEDGER_MEMOS;

const isMemoKey = (value: string): value is LedgerMemoKey => Object.hasOwn(LEDGER_MEMOS, value);

/** The memo and metadata of a movement whose memo is `key`. */
export function ledgerMemo(key: LedgerMemoKey): { memo: string; metadata: { memo_key: LedgerMemoKey } } {
  return { memo: LEDGER_MEMOS[key]['zh-CN'], metadata: { memo_key: key } };
}

/** What a reader of `language` sees of a movement's memo. */
export function memoIn(language: Language, memo: string | null, memoKey: string | null): string | null {
  return memoKey !== null && isMemoKey(memoKey) ? LEDGER_MEMOS[memoKey][language] : memo;
}

/** Gives the customer's movement of `idempotencyKey` the memo `key` (rows written before memos had keys). */
export async function relabelMemo(
  tx: Tx,
  movement: { userId: number; idempotencyKey: string },
  key: LedgerMemoKey,
): Promise<void> {
  const { memo } = ledgerMemo(key);
  await updateTransactionMemo(tx.db, movement.userId, movement.idempotencyKey, memo, key);
}
