/**
 * The built-in dictionaries: one per state machine of spec §4 (value lists from the contracts'
 * statuses) plus the generic flags, each entry labelled in both languages with its tag colour.
 */
import {
  DEFAULT_PAY_TYPE,
  STATUS_DICT_TYPES,
  type StatusDictType,
  type StatusDictValue,
} from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { insertMissingDictData, insertMissingDictTypes } from './repo';

type ListClass = 'default' | 'primary' | 'success' | 'info' | 'warning' | 'danger';

interface EntrySeed {
  zh: string;
  en: string;
  listClass: ListClass;
  isDefault?: boolean;
}

interface TypeSeed<T extends StatusDictType> {
  zh: string;
  en: string;
  /** Every value of the list, in display order: the compiler keeps this in step with the contracts. */
  entries: Record<StatusDictValue<T>, EntrySeed>;
}

type DictSeeds = { [T in StatusDictType]: TypeSeed<T> };

export const DICT_SEEDS: DictSeeds = {
  desktop_status: {
    zh: '云电脑状态',
    en: 'Cloud computer status',
    entries: {
      pending: { zh: '待创建', en: 'Pending', listClass: 'warning' },
      starting: { zh: '启动中', en: 'Starting', listClass: 'primary' },
      running: { zh: '运行中', en: 'Running', listClass: 'success' },
      stopping: { zh: '关机中', en: 'Stopping', listClass: 'warning' },
      shutdown: { zh: '已关机', en: 'Shut down', listClass: 'info' },
      rebuilding: { zh: '重装中', en: 'Reinstalling', listClass: 'primary' },
      expired: { zh: '已过期', en: 'Expired', listClass: 'danger' },
      deleted: { zh: '已删除', en: 'Deleted', listClass: 'danger' },
    },
  },
  order_status: {
    zh: '订单状态',
    en: 'Order status',
    entries: {
      pending_payment: { zh: '待支付', en: 'Awaiting payment', listClass: 'warning' },
      payment_success: { zh: '支付成功', en: 'Payment succeeded', listClass: 'success' },
      payment_failed: { zh: '支付失败', en: 'Payment failed', listClass: 'danger' },
      paid: { zh: '已支付', en: 'Paid', listClass: 'success' },
      payment_timeout: { zh: '支付超时', en: 'Payment timed out', listClass: 'danger' },
    },
  },
  resource_status: {
    zh: '资源状态',
    en: 'Resource status',
    entries: {
      not_created: { zh: '未创建', en: 'Not created', listClass: 'info' },
      creating: { zh: '创建中', en: 'Creating', listClass: 'primary' },
      created: { zh: '已创建', en: 'Created', listClass: 'success' },
      creation_failed: { zh: '创建失败', en: 'Creation failed', listClass: 'danger' },
      refunded: { zh: '已退款', en: 'Refunded', listClass: 'info' },
    },
  },
  order_product_type: {
    zh: '订单产品类型',
    en: 'Order product type',
    entries: {
      desktop: { zh: '云电脑', en: 'Cloud computer', listClass: 'primary' },
      phone: { zh: '云手机', en: 'Cloud phone', listClass: 'primary' },
      office_site: { zh: '办公网络', en: 'Office network', listClass: 'info' },
      eip: { zh: '弹性IP', en: 'Elastic IP', listClass: 'info' },
      backup_space: { zh: '备份空间', en: 'Backup space', listClass: 'default' },
      phone_network: { zh: '云手机网络', en: 'Phone network', listClass: 'default' },
      proxy: { zh: '静态住宅代理', en: 'Residential proxy', listClass: 'info' },
    },
  },
  order_action: {
    zh: '订单类型',
    en: 'Order type',
    entries: {
      new: { zh: '新购', en: 'New purchase', listClass: 'primary' },
      renew: { zh: '续费', en: 'Renewal', listClass: 'success' },
      upgrade: { zh: '变配', en: 'Configuration change', listClass: 'warning' },
    },
  },
  office_site_status: {
    zh: '办公网络状态',
    en: 'Office network status',
    entries: {
      normal: { zh: '正常', en: 'Normal', listClass: 'success' },
      releasing: { zh: '释放中', en: 'Releasing', listClass: 'warning' },
      released: { zh: '已释放', en: 'Released', listClass: 'info' },
    },
  },
  withdrawal_status: {
    zh: '提现状态',
    en: 'Withdrawal status',
    entries: {
      processing: { zh: '处理中', en: 'Processing', listClass: 'primary' },
      success: { zh: '提现成功', en: 'Succeeded', listClass: 'success' },
      failed: { zh: '提现失败', en: 'Failed', listClass: 'danger' },
    },
  },
  free_apply_status: {
    zh: '免费试用申请状态',
    en: 'Free trial application status',
    entries: {
      pending: { zh: '待审核', en: 'Pending review', listClass: 'warning' },
      approved: { zh: '已通过', en: 'Approved', listClass: 'success' },
      rejected: { zh: '已驳回', en: 'Rejected', listClass: 'danger' },
    },
  },
  notice_read_status: {
    zh: '通知阅读状态',
    en: 'Notification read status',
    entries: {
      '0': { zh: '未读', en: 'Unread', listClass: 'primary', isDefault: true },
      '1': { zh: '已读', en: 'Read', listClass: 'info' },
    },
  },
  eip_status: {
    zh: '弹性公网 IP 状态',
    en: 'Elastic IP status',
    entries: {
      unallocated: { zh: '未分配', en: 'Unallocated', listClass: 'info' },
      allocated: { zh: '已分配', en: 'Allocated', listClass: 'success' },
    },
  },
  billing_method: {
    zh: '计费方式',
    en: 'Billing method',
    entries: {
      payg: { zh: '按量付费', en: 'Pay-as-you-go', listClass: 'primary' },
      subscription: { zh: '包年包月', en: 'Subscription', listClass: 'success' },
    },
  },
  pay_type: {
    zh: '支付方式',
    en: 'Payment method',
    entries: {
      '1': {
        zh: '法币扫码支付',
        en: 'Fiat QR payment',
        listClass: 'default',
        isDefault: DEFAULT_PAY_TYPE === '1',
      },
      '2': {
        zh: '稳定币支付（USDT）',
        en: 'Stablecoin (USDT)',
        listClass: 'primary',
        isDefault: DEFAULT_PAY_TYPE === '2',
      },
    },
  },
  bill_expense_type: {
    zh: '账单费用类型',
    en: 'Bill expense type',
    entries: {
      topup: { zh: '充值', en: 'Top-up', listClass: 'success' },
      topup_bonus: { zh: '首充赠送', en: 'First top-up bonus', listClass: 'success' },
      purchase: { zh: '购买', en: 'Purchase', listClass: 'primary' },
      renewal: { zh: '续费', en: 'Renewal', listClass: 'primary' },
      upgrade: { zh: '升级配置', en: 'Upgrade', listClass: 'primary' },
      payg_hourly: { zh: '按量计费', en: 'Pay-as-you-go', listClass: 'warning' },
      traffic: { zh: '流量费', en: 'Traffic', listClass: 'warning' },
      refund: { zh: '退款', en: 'Refund', listClass: 'success' },
      referral_reward: { zh: '推荐返利', en: 'Referral reward', listClass: 'success' },
      withdrawal: { zh: '提现', en: 'Withdrawal', listClass: 'danger' },
      admin_adjustment: { zh: '人工调账', en: 'Manual adjustment', listClass: 'info' },
      gift: { zh: '赠送', en: 'Gift', listClass: 'success' },
      hold: { zh: '资金冻结', en: 'Funds held', listClass: 'info' },
      settle: { zh: '冻结扣款', en: 'Held funds charged', listClass: 'info' },
      release: { zh: '资金解冻', en: 'Funds released', listClass: 'info' },
    },
  },
  sys_normal_disable: {
    zh: '系统开关',
    en: 'Enabled or disabled',
    entries: {
      '0': { zh: '正常', en: 'Enabled', listClass: 'primary', isDefault: true },
      '1': { zh: '停用', en: 'Disabled', listClass: 'danger' },
    },
  },
  sys_yes_no: {
    zh: '系统是否',
    en: 'Yes or no',
    entries: {
      Y: { zh: '是', en: 'Yes', listClass: 'primary', isDefault: true },
      N: { zh: '否', en: 'No', listClass: 'danger' },
    },
  },
};

/**
 * Inserts the built-in types and entries that are missing, matched by type key and by
 * (type, value): an operator's edits (labels, colours, order, disabling) are never overwritten.
 */
export async function seedDictReferenceData(db: Db): Promise<void> {
  const types = Object.entries(DICT_SEEDS) as Array<[StatusDictType, TypeSeed<StatusDictType>]>;
  await insertMissingDictTypes(
    db,
    types.map(([dictType, seed]) => ({ dictType, nameZh: seed.zh, nameEn: seed.en })),
  );
  await insertMissingDictData(
    db,
    types.flatMap(([dictType, seed]) =>
      // The contracts' list gives the order, so the seed's key order cannot drift from it.
      STATUS_DICT_TYPES[dictType].map((value, index) => {
        const entry = seed.entries[value as StatusDictValue<typeof dictType>];
        return {
          dictType,
          dictValue: value,
          dictSort: index + 1,
          labelZh: entry.zh,
          labelEn: entry.en,
          listClass: entry.listClass,
          isDefault: entry.isDefault ? 'Y' : 'N',
        };
      }),
    ),
  );
}
