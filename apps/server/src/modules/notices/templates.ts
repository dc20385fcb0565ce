/**
 * The notifications the platform sends to one customer, in both languages. A notice is stored
 * with its rendered text, so changing a template here changes only notices made afterwards.
 * User notices are plain text: the web shows them as text, never as HTML.
 */
import type { Language, NoticeKind } from '@cloudbay/contracts';

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
} satisfies Record<string, NoticeTemplate<never>>;

export type NoticeTemplateName = keyof typeof NOTICE_TEMPLATES;
export type NoticeParams<N extends NoticeTemplateName> = Parameters<
  (typeof NOTICE_TEMPLATES)[N]['render']
>[0];
