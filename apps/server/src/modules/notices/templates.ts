/**
 * The notifications the platform sends to one customer, in both languages. A notice is stored
 * with its rendered text, so changing a template here changes only notices made afterwards.
 * User notices are plain text: the web shows them as text, never as HTML.
 */
import type { Language, NoticeKind } from '@cloudbay/contracts';
import { DICT_SEEDS } from '../dict/reference-data';

export interface NoticeText {
  title: string;
  content: string;
}

export interface NoticeTemplate<P> {
  kind: NoticeKind;
  render(params: P): Record<Language, NoticeText>;
}

const template = <P>(kind: NoticeKind, render: (params: P) => Record<Language, NoticeText>) => ({
  kind,
  render,
});

/**
 * A resource kind as a notice names it: the order product type's dictionary label, so a notice
 * says what the orders page says (English mid-sentence, so its first letter lower case).
 */
function resourceKind(kind: string, language: Language): string | undefined {
  const entries: Partial<Record<string, { zh: string; en: string }>> = DICT_SEEDS.order_product_type.entries;
  const entry = entries[kind];
  if (!entry) return undefined;
  return language === 'zh-CN' ? entry.zh : entry.en.charAt(0).toLowerCase() + entry.en.slice(1);
}

export const NOTICE_TEMPLATES = {
  /** Sign-up: what to do first, and where help is. */
  welcome: template<{ nickname: string }>('account', ({ nickname }) => ({
    'zh-CN': {
      title: '欢迎加入 Cloudbay',
      content:
        `${nickname}，您好！您的账户已开通。充值后即可购买云电脑、云手机和网络资源，首次充值额外赠送 10% 余额。` +
        '如需帮助，请点击页面右下角的在线客服。',
    },
    'en-US': {
      title: 'Welcome to Cloudbay',
      content:
        `Hi ${nickname}, your account is ready. Top up your balance to buy cloud desktops, cloud phones ` +
        'and network resources; your first top-up comes with a 10% bonus. Need help? Use the support ' +
        'button at the bottom right of the page.',
    },
  })),
  /** A password change or reset: sessions on other devices have ended. */
  password_changed: template<Record<string, never>>('account', () => ({
    'zh-CN': {
      title: '登录密码已修改',
      content:
        '您的登录密码已修改，其他设备上的登录已全部退出。如非本人操作，请立即通过“忘记密码”重置密码，并联系在线客服。',
    },
    'en-US': {
      title: 'Your password was changed',
      content:
        'Your login password was changed and every other device has been signed out. If this was not ' +
        'you, reset your password with "Forgot password" right away and contact support.',
    },
  })),
  /** A top-up was paid and credited; `bonus` is "0.00" unless it was the first one. */
  /** An address withdrawal of referral rebate was paid (issue 22). */
  withdrawal_paid: template<{ amount: string; address: string; txHash: string }>(
    'billing',
    ({ amount, address, txHash }) => ({
      'zh-CN': {
        title: '返利提现已到账',
        content: `您的返利提现 ${amount} 美元已转至地址 ${address}，交易哈希 ${txHash}。`,
      },
      'en-US': {
        title: 'Rebate withdrawal paid',
        content: `Your rebate withdrawal of $${amount} was sent to ${address}; transaction hash ${txHash}.`,
      },
    }),
  ),
  /** An address withdrawal was rejected: the amount is back in the rebate account. */
  withdrawal_rejected: template<{ amount: string; reason: string }>('billing', ({ amount, reason }) => ({
    'zh-CN': {
      title: '返利提现未通过',
      content: `您的返利提现 ${amount} 美元未通过审核：${reason}。金额已退回可提现返利。`,
    },
    'en-US': {
      title: 'Rebate withdrawal rejected',
      content: `Your rebate withdrawal of $${amount} was rejected: ${reason}. The amount is back in your withdrawable rebate.`,
    },
  })),
  topup_paid: template<{ no: string; money: string; bonus: string }>('billing', ({ no, money, bonus }) => ({
    'zh-CN': {
      title: '充值成功',
      content:
        `充值订单 ${no} 已支付，${money} 美元已存入您的账户余额。` +
        (bonus === '0.00' ? '' : `首次充值赠送的 ${bonus} 美元也已到账。`),
    },
    'en-US': {
      title: 'Top-up received',
      content:
        `Top-up order ${no} has been paid and $${money} has been added to your balance.` +
        (bonus === '0.00' ? '' : ` Your first top-up bonus of $${bonus} has been added too.`),
    },
  })),
  /** A payment arrived after its order had timed out: the money is still credited, never lost. */
  topup_paid_late: template<{ no: string; money: string; bonus: string }>(
    'billing',
    ({ no, money, bonus }) => ({
      'zh-CN': {
        title: '超时订单的付款已到账',
        content:
          `充值订单 ${no} 已显示支付超时，但我们随后收到了您的付款，${money} 美元已存入您的账户余额。` +
          (bonus === '0.00' ? '' : `首次充值赠送的 ${bonus} 美元也已到账。`) +
          '无需重复支付；如有疑问，请联系在线客服。',
      },
      'en-US': {
        title: 'Payment received after the order timed out',
        content:
          `Top-up order ${no} had timed out, but your payment reached us afterwards and $${money} has ` +
          'been added to your balance.' +
          (bonus === '0.00' ? '' : ` Your first top-up bonus of $${bonus} has been added too.`) +
          ' There is no need to pay again; contact support if anything looks wrong.',
      },
    }),
  ),
  /** Pay-as-you-go resources the balance could not pay for were stopped (hourly billing). */
  payg_arrears: template<{ resources: string; count: number }>('billing', ({ resources, count }) => ({
    'zh-CN': {
      title: '余额不足，按量付费资源已停止',
      content:
        `您的账户余额不足以支付按量付费资源的费用，以下 ${count} 个资源已停止运行：${resources}。` +
        '充值后可在控制台重新启动；停止期间不再计费。',
    },
    'en-US': {
      title: 'Insufficient balance: pay-as-you-go resources stopped',
      content:
        `Your balance could not pay for your pay-as-you-go resources, so ${count} of them have been ` +
        `stopped: ${resources}. Top up and start them again from the console; nothing is charged while ` +
        'they are stopped.',
    },
  })),
  /**
   * Hourly charges the balance could not pay for resources that have no stop (office networks'
   * and EIPs' traffic, a pay-as-you-go EIP's hour): nothing is stopped, the hour stays unpaid.
   */
  hourly_unpaid: template<{ resources: string; count: number; hour: string }>(
    'billing',
    ({ resources, count, hour }) => ({
      'zh-CN': {
        title: '余额不足，按小时费用未能扣除',
        content:
          `您的账户余额不足以支付 ${hour}（UTC）这一小时的流量或按量费用，涉及 ${count} 个资源：${resources}。` +
          '这些资源不会被停止，请尽快充值，以免后续费用继续无法扣除。',
      },
      'en-US': {
        title: 'Insufficient balance: hourly charges unpaid',
        content:
          `Your balance could not pay the traffic or pay-as-you-go charges of the hour ${hour} (UTC) for ` +
          `${count} resource(s): ${resources}. They keep running; top up soon so that the next hours ` +
          'can be paid.',
      },
    }),
  ),
  /** Free trials (issue 22, part G2): the application approved, its desktop on the way. */
  trial_approved: template<{ name: string; resourceId: string; hours: number }>(
    'resource',
    ({ name, resourceId, hours }) => ({
      'zh-CN': {
        title: '免费试用申请已通过',
        content:
          `您的免费试用申请已通过，赠送的云电脑 ${name}（${resourceId}）正在创建，开机后可免费使用 ${hours} 小时，` +
          '到期后将停止并删除，数据无法恢复，赠送资源不可续费。',
      },
      'en-US': {
        title: 'Free trial approved',
        content:
          `Your free trial was approved: the gift cloud computer ${name} (${resourceId}) is being created. ` +
          `It is free for ${hours} hours from when it first runs, then it is stopped and deleted for good; ` +
          'a gift cannot be renewed.',
      },
    }),
  ),
  /** Free trials: the application rejected, with the operator's reason. */
  trial_rejected: template<{ reason: string }>('resource', ({ reason }) => ({
    'zh-CN': {
      title: '免费试用申请未通过',
      content: `很抱歉，您的免费试用申请未通过。原因：${reason}`,
    },
    'en-US': {
      title: 'Free trial not approved',
      content: `Sorry, your free trial application was not approved. Reason: ${reason}`,
    },
  })),
  /** A trial desktop ends within hours: stopped and deleted at its end, never renewed. */
  trial_expiry_soon: template<{ name: string; resourceId: string; expiresAt: string }>(
    'resource',
    ({ name, resourceId, expiresAt }) => ({
      'zh-CN': {
        title: '免费试用即将结束',
        content:
          `您的试用云电脑 ${name}（${resourceId}）将于 ${expiresAt}（UTC）结束，届时将停止并删除，数据无法恢复，` +
          '请及时备份数据。如需继续使用，请充值购买云电脑。',
      },
      'en-US': {
        title: 'Your free trial ends soon',
        content:
          `Your trial cloud computer ${name} (${resourceId}) ends at ${expiresAt} (UTC): it will then be ` +
          'stopped and deleted for good, so save your data. Top up and buy a cloud computer to carry on.',
      },
    }),
  ),
  /** A trial desktop reached its end and was deleted. */
  trial_ended_deleted: template<{ name: string; resourceId: string; endedAt: string }>(
    'resource',
    ({ name, resourceId, endedAt }) => ({
      'zh-CN': {
        title: '免费试用已结束',
        content: `您的试用云电脑 ${name}（${resourceId}）已于 ${endedAt}（UTC）结束并已删除。感谢试用，欢迎充值购买。`,
      },
      'en-US': {
        title: 'Your free trial has ended',
        content:
          `Your trial cloud computer ${name} (${resourceId}) ended at ${endedAt} (UTC) and has been deleted. ` +
          'Thanks for trying Cloudbay: top up to buy one of your own.',
      },
    }),
  ),
  /** A subscription ends in 3 days (or less) and will not renew by itself. */
  expiry_soon: template<{
    name: string;
    resourceId: string;
    expiresAt: string;
    autoRenew: boolean;
    /** Desktops stop at the end; phones, networks and addresses run on until deleted. */
    stoppedAtEnd: boolean;
    /** Days between the end and the deletion (release). */
    keptDays: number;
    /** An EIP runs at 1 Mbps from the end until it is released. */
    limitedAtEnd?: boolean;
  }>('resource', ({ name, resourceId, expiresAt, autoRenew, stoppedAtEnd, keptDays, limitedAtEnd }) => ({
    'zh-CN': {
      title: '资源即将到期',
      content:
        `您的资源 ${name}（${resourceId}）将于 ${expiresAt}（UTC）到期。` +
        (autoRenew
          ? '已开启自动续费，到期时将从账户余额扣费续期，请确保余额充足。'
          : `请及时续费，${stoppedAtEnd ? '到期后资源将被停止，' : ''}${limitedAtEnd ? '到期后带宽将限制为 1 Mbps，' : ''}到期 ${keptDays} 天后将被删除且数据无法恢复。`),
    },
    'en-US': {
      title: 'A resource expires soon',
      content:
        `Your resource ${name} (${resourceId}) expires at ${expiresAt} (UTC).` +
        (autoRenew
          ? ' Auto-renew is on: it will be renewed from your balance at expiry, so keep enough balance.'
          : ` Renew it in time: ${stoppedAtEnd ? 'at expiry it will be stopped, and ' : ''}${limitedAtEnd ? 'at expiry its bandwidth drops to 1 Mbps, and ' : ''}${keptDays} days after expiry it will be deleted for good.`),
    },
  })),
  /** Auto-renew at expiry could not be paid from the balance. */
  auto_renew_failed: template<{ name: string; resourceId: string; amount: string }>(
    'billing',
    ({ name, resourceId, amount }) => ({
      'zh-CN': {
        title: '自动续费失败',
        content:
          `您的资源 ${name}（${resourceId}）已到期，自动续费需要 ${amount} 美元，但账户余额不足，续费未成功。` +
          '资源将按到期规则停止并在宽限期后删除；充值后可手动续费。',
      },
      'en-US': {
        title: 'Auto-renew failed',
        content:
          `Your resource ${name} (${resourceId}) has expired and auto-renew needed $${amount}, which your ` +
          'balance could not cover. The resource now follows the expiry rules (stopped, then deleted after ' +
          'the grace period); top up and renew it by hand to keep it.',
      },
    }),
  ),
  /** Auto-renew at expiry went through. */
  auto_renewed: template<{ name: string; resourceId: string; amount: string; expiresAt: string }>(
    'billing',
    ({ name, resourceId, amount, expiresAt }) => ({
      'zh-CN': {
        title: '自动续费成功',
        content: `您的资源 ${name}（${resourceId}）已自动续费，扣费 ${amount} 美元，新的到期时间为 ${expiresAt}（UTC）。`,
      },
      'en-US': {
        title: 'Auto-renewed',
        content: `Your resource ${name} (${resourceId}) was renewed automatically for $${amount}; it now expires at ${expiresAt} (UTC).`,
      },
    }),
  ),
  /** The expiry sweep deleted (released) a resource its grace after the end of its subscription. */
  resource_expired_deleted: template<{ kind: string; name: string; resourceId: string; endedAt: string }>(
    'resource',
    ({ kind, name, resourceId, endedAt }) => ({
      'zh-CN': {
        title: '到期资源已删除',
        content:
          `您的${resourceKind(kind, 'zh-CN') ?? '资源'} ${name}（${resourceId}）已于 ${endedAt}（UTC）到期且未续费，` +
          '宽限期已过，现已删除，数据无法恢复。如需继续使用，请重新购买。',
      },
      'en-US': {
        title: 'Expired resource deleted',
        content:
          `Your ${resourceKind(kind, 'en-US') ?? 'resource'} ${name} (${resourceId}) expired at ${endedAt} (UTC) ` +
          'and was not renewed. Its grace period is over, so it has been deleted and its data cannot be ' +
          'recovered. Buy a new one to carry on.',
      },
    }),
  ),
  /** An expired EIP cut to 1 Mbps by the expiry sweep, and when it will be released. */
  eip_limited: template<{ name: string; resourceId: string; endedAt: string; releaseAt: string }>(
    'resource',
    ({ name, resourceId, endedAt, releaseAt }) => ({
      'zh-CN': {
        title: '弹性 IP 已到期并限速',
        content:
          `您的弹性 IP ${name}（${resourceId}）已于 ${endedAt}（UTC）到期，带宽已限制为 1 Mbps。` +
          `如未续费，将于 ${releaseAt}（UTC）自动解绑并释放。续费后带宽将恢复。`,
      },
      'en-US': {
        title: 'Elastic IP expired and limited',
        content:
          `Your elastic IP ${name} (${resourceId}) expired at ${endedAt} (UTC) and its bandwidth is now ` +
          `limited to 1 Mbps. Unless renewed, it will be unbound and released at ${releaseAt} (UTC). ` +
          'Renewing it restores its bandwidth.',
      },
    }),
  ),
  /**
   * A residential proxy ends in 3 days (or less): it has no grace, so at the end it is taken off
   * its phone and released at once (`expiry_soon` speaks of days kept after the end).
   */
  proxy_expiry_soon: template<{ name: string; resourceId: string; expiresAt: string; autoRenew: boolean }>(
    'resource',
    ({ name, resourceId, expiresAt, autoRenew }) => ({
      'zh-CN': {
        title: '静态住宅代理即将到期',
        content:
          `您的静态住宅代理 ${name}（${resourceId}）将于 ${expiresAt}（UTC）到期。` +
          (autoRenew
            ? '已开启自动续费，到期时将从账户余额扣费续期，请确保余额充足。'
            : '代理没有宽限期：到期未续费时，将立即从所绑定的云手机上解绑并释放，该 IP 归还资源池后无法找回。请及时续费。'),
      },
      'en-US': {
        title: 'Residential proxy expires soon',
        content:
          `Your residential proxy ${name} (${resourceId}) expires at ${expiresAt} (UTC).` +
          (autoRenew
            ? ' Auto-renew is on: it will be renewed from your balance at expiry, so keep enough balance.'
            : ' Proxies have no grace period: unless renewed, at expiry it is taken off its phone and ' +
              'released at once, and its IP goes back to the pool for good. Renew it in time.'),
      },
    }),
  ),
  /** The expiry sweep took an expired residential proxy off its phone and released it. */
  proxy_expired_released: template<{ name: string; resourceId: string; endedAt: string }>(
    'resource',
    ({ name, resourceId, endedAt }) => ({
      'zh-CN': {
        title: '静态住宅代理已到期释放',
        content:
          `您的静态住宅代理 ${name}（${resourceId}）已于 ${endedAt}（UTC）到期且未续费，` +
          '已从云手机上解绑并释放，该 IP 已归还资源池。如需继续使用，请重新购买。',
      },
      'en-US': {
        title: 'Residential proxy expired and released',
        content:
          `Your residential proxy ${name} (${resourceId}) expired at ${endedAt} (UTC) and was not renewed. ` +
          'It has been taken off its phone and released, and its IP is back in the pool. Buy a new one to ' +
          'carry on.',
      },
    }),
  ),
  /** A resource could not be created: its share of the order went back to the balance. */
  resource_refunded: template<{ kind: string; name: string; resourceId: string; no: string; amount: string }>(
    'resource',
    ({ kind, name, resourceId, no, amount }) => ({
      'zh-CN': {
        title: '资源创建失败，已退款',
        content:
          `订单 ${no} 中的${resourceKind(kind, 'zh-CN') ?? '资源'} ${name}（${resourceId}）创建失败，` +
          `已支付的 ${amount} 美元已退回您的账户余额。您可以重新购买；如有疑问，请联系在线客服。`,
      },
      'en-US': {
        title: 'Resource could not be created — refunded',
        content:
          `The ${resourceKind(kind, 'en-US') ?? 'resource'} ${name} (${resourceId}) of order ${no} could not be ` +
          `created, and the $${amount} you paid for it is back in your balance. You can buy it again; ` +
          'contact support if you have questions.',
      },
    }),
  ),
  /**
   * An operator released the customer's resource (issue 18, `/business/resource`); `amount` is the
   * refund to the balance under the rule the operator chose, null when nothing was refunded.
   */
  resource_released_by_operator: template<{
    kind: string;
    name: string;
    resourceId: string;
    reason: string;
    amount: string | null;
  }>('resource', ({ kind, name, resourceId, reason, amount }) => ({
    'zh-CN': {
      title: '资源已由平台释放',
      content:
        `您的${resourceKind(kind, 'zh-CN') ?? '资源'} ${name}（${resourceId}）已由平台运维人员释放，原因：${reason}。` +
        (amount === null ? '本次释放不退款。' : `已退还 ${amount} 美元至您的账户余额。`) +
        '如有疑问，请联系在线客服。',
    },
    'en-US': {
      title: 'Resource released by our operations team',
      content:
        `Your ${resourceKind(kind, 'en-US') ?? 'resource'} ${name} (${resourceId}) was released by our ` +
        `operations team. Reason: ${reason}. ` +
        (amount === null
          ? 'No refund was made for this release.'
          : `$${amount} has been refunded to your balance.`) +
        ' Contact support if you have questions.',
    },
  })),
  /** An operator extended the customer's subscription for free (a zero-amount renewal order). */
  resource_extended_by_operator: template<{
    kind: string;
    name: string;
    resourceId: string;
    reason: string;
    days: number;
    expiresAt: string;
  }>('resource', ({ kind, name, resourceId, reason, days, expiresAt }) => ({
    'zh-CN': {
      title: '资源有效期已免费延长',
      content:
        `您的${resourceKind(kind, 'zh-CN') ?? '资源'} ${name}（${resourceId}）已由平台免费延长 ${days} 天，` +
        `新的到期时间为 ${expiresAt}（UTC）。原因：${reason}。本次延期不收费，可在订单列表中查看记录。`,
    },
    'en-US': {
      title: 'Resource extended free of charge',
      content:
        `Your ${resourceKind(kind, 'en-US') ?? 'resource'} ${name} (${resourceId}) was extended free of ` +
        `charge by ${days} ${days === 1 ? 'day' : 'days'}; it now expires at ${expiresAt} (UTC). ` +
        `Reason: ${reason}. The extension is in your orders at no cost.`,
    },
  })),
} satisfies Record<string, NoticeTemplate<never>>;

export type NoticeTemplateName = keyof typeof NOTICE_TEMPLATES;

/** A time as notices print it: UTC to the minute, e.g. "2026-11-22 08:00". */
export const noticeUtc = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');
export type NoticeParams<N extends NoticeTemplateName> = Parameters<
  (typeof NOTICE_TEMPLATES)[N]['render']
>[0];
