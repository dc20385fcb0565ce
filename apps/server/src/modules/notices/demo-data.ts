import type { Db } from '../../db/client';
import { insertSysNotice } from './repo';
import { sanitizeNoticeHtml } from './sanitize';

/** The welcome announcement of a demo installation, shown once to each customer after login. */
const DEMO_ANNOUNCEMENT = {
  titleZh: 'Cloudbay 控制台上线公告',
  titleEn: 'The Cloudbay console is live',
  contentZh: `<h2>欢迎使用 Cloudbay</h2>
<p>全新控制台现已上线，您可以在一个账户中购买和管理<strong>云电脑</strong>、<strong>云手机</strong>、办公宽带、弹性公网 IP 与代理网络。</p>
<ul>
<li>首次充值额外赠送 <strong>10%</strong> 余额，支持法币扫码与 USDT 稳定币支付。</li>
<li>新用户可申请 <strong>24 小时</strong>免费试用。</li>
<li>邀请好友注册并消费，可获得返利奖励。</li>
</ul>
<p>使用中遇到任何问题，请点击页面右下角的在线客服，我们 7×24 小时为您服务。</p>`,
  contentEn: `<h2>Welcome to Cloudbay</h2>
<p>The new console is live: buy and manage <strong>cloud desktops</strong>, <strong>cloud phones</strong>, office broadband, elastic IPs and proxy networks from one account.</p>
<ul>
<li>Your first top-up comes with a <strong>10%</strong> bonus; pay by fiat QR code or USDT stablecoin.</li>
<li>New customers can apply for a free <strong>24-hour</strong> trial.</li>
<li>Invite friends and earn a rebate on what they spend.</li>
</ul>
<p>Questions? The support button at the bottom right reaches us around the clock.</p>`,
};

/** Publishes the demo announcement; called once, with the demo customer (never in production). */
export async function seedDemoAnnouncement(db: Db): Promise<void> {
  await insertSysNotice(db, {
    titleZh: DEMO_ANNOUNCEMENT.titleZh,
    titleEn: DEMO_ANNOUNCEMENT.titleEn,
    contentZh: sanitizeNoticeHtml(DEMO_ANNOUNCEMENT.contentZh),
    contentEn: sanitizeNoticeHtml(DEMO_ANNOUNCEMENT.contentEn),
    status: '0',
  });
}
