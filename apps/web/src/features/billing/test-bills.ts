import type { Bill, DictEntry } from '@cloudbay/contracts';

/** A bill as the server answers it; `id` also orders them (higher is newer). */
export function testBill(id: number, overrides: Partial<Bill> = {}): Bill {
  return {
    id,
    transaction_id: id + 100,
    amount: '100.00',
    amount_type: 'income',
    expense_type: 'topup',
    related_type: 'topup_order',
    related_no: `CB2026112200000${id}`,
    balance: '100.00',
    memo: null,
    created_at: '2026-11-22T08:00:00.000Z',
    ...overrides,
  };
}

/** Entries of the `bill_expense_type` dictionary. */
export function expenseTypeEntries(): DictEntry[] {
  const entry = (dictValue: string, dictLabel: string, listClass: string, dictSort: number): DictEntry => ({
    dictType: 'bill_expense_type',
    dictValue,
    dictLabel,
    listClass,
    cssClass: '',
    dictSort,
  });
  return [entry('topup', '充值', 'success', 1), entry('purchase', '购买', 'primary', 3)];
}
