/** Order answers as the server gives them, in either language, for this feature's tests. */
import type { Bill, DictEntry, Order, OrderDetail, ProductTypeOption } from '@cloudbay/contracts';
import { dictEntries, type DictLabels, type TestLanguage } from '../../test/dicts';

export function testOrder(id: number, overrides: Partial<Order> = {}): Order {
  return {
    id,
    no: `OD2026112200${String(id).padStart(4, '0')}`,
    type: 'desktop',
    action: 'new',
    status: 'paid',
    resource_status: 'created',
    quantity: 1,
    region_id: 3,
    billing_method: 'subscription',
    period: 1,
    original_amount: '30.00',
    paid_amount: '27.00',
    refunded_amount: '0.00',
    created_at: '2026-11-22T08:00:00.000Z',
    paid_at: '2026-11-22T08:00:01.000Z',
    ...overrides,
  };
}

export function testBillOf(order: Order, overrides: Partial<Bill> = {}): Bill {
  return {
    id: order.id * 10,
    transaction_id: order.id * 10 + 1,
    amount: `-${order.paid_amount}`,
    amount_type: 'expense',
    expense_type: 'purchase',
    related_type: 'order',
    related_no: order.no,
    balance: '73.00',
    memo: null,
    created_at: order.created_at,
    ...overrides,
  };
}

export function testOrderDetail(order: Order, overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...order,
    spec: { name: 'office-pc-01', bundle: '4C8G', disk: 100 },
    failure: null,
    bills: [testBillOf(order)],
    ...overrides,
  };
}

/** The dictionaries an order is labelled with, as the server seeds them. */
const DICTS: Record<string, DictLabels> = {
  order_status: {
    pending_payment: ['待支付', 'Awaiting payment', 'warning'],
    paid: ['已支付', 'Paid', 'success'],
    payment_failed: ['支付失败', 'Payment failed', 'danger'],
  },
  resource_status: {
    creating: ['创建中', 'Creating', 'primary'],
    created: ['已创建', 'Created', 'success'],
    creation_failed: ['创建失败', 'Creation failed', 'danger'],
    refunded: ['已退款', 'Refunded', 'info'],
  },
  order_product_type: {
    desktop: ['云电脑', 'Cloud computer', 'primary'],
    phone: ['云手机', 'Cloud phone', 'primary'],
  },
  order_action: { new: ['新购', 'New purchase', 'primary'], renew: ['续费', 'Renewal', 'success'] },
  billing_method: {
    payg: ['按量付费', 'Pay-as-you-go', 'primary'],
    subscription: ['包年包月', 'Subscription', 'success'],
  },
  bill_expense_type: { purchase: ['购买', 'Purchase', 'primary'], refund: ['退款', 'Refund', 'success'] },
};

export const ORDER_DICT_TYPES = Object.keys(DICTS);

/** GET /system/dict/data/type/{type}'s answer for an order dictionary, in `language`. */
export function orderDictEntries(type: string, language: TestLanguage): DictEntry[] {
  return dictEntries(type, DICTS[type], language);
}

/** GET /user/order/product_type in `language`. */
export function productTypes(language: TestLanguage): ProductTypeOption[] {
  return orderDictEntries('order_product_type', language).map((entry) => ({
    value: entry.dictValue as ProductTypeOption['value'],
    label: entry.dictLabel,
  }));
}
