/**
 * The home page's reference content and the code table. Seeded at every start by `key`: a row
 * that exists is left as the operators made it, so their edits (and disabled rows) are kept.
 */
import { MICROS_PER_DOLLAR, type BillingMethod, type PayType } from '@cloudbay/contracts';
import type { Db } from '../../db/client';
import { adPopups, banners, codeTable, hotGoods } from '../../db/schema';

const dollars = (cents: number) => (BigInt(cents) * MICROS_PER_DOLLAR) / 100n;

const BANNERS: (typeof banners.$inferInsert)[] = [
  {
    key: 'cloud-desktops',
    titleZh: '云电脑，随时随地高效办公',
    titleEn: 'Cloud desktops, ready wherever you work',
    subtitleZh: '2 核 4G 起步，按小时或包月计费，下单即开通',
    subtitleEn: 'From 2 vCPU and 4 GiB, billed by the hour or the month, ready as soon as you order',
    image: '/content/banner-desktop.svg',
    link: '/cloud/buy',
    sort: 1,
  },
  {
    key: 'cloud-phones',
    titleZh: '云手机，7×24 小时在线',
    titleEn: 'Cloud phones that never sleep',
    subtitleZh: '原生安卓环境，支持分组管理、批量操作与 ADB 调试',
    subtitleEn: 'Native Android with groups, batch actions and ADB access',
    image: '/content/banner-phone.svg',
    link: '/phone/buyph',
    sort: 2,
  },
  {
    key: 'network-ips',
    titleZh: '全球网络与独享 IP',
    titleEn: 'A global network with dedicated IPs',
    subtitleZh: '弹性公网 IP、办公宽带与静态住宅代理，多地域可选',
    subtitleEn: 'Elastic IPs, office broadband and static residential proxies in regions worldwide',
    image: '/content/banner-network.svg',
    link: '/zqgl/officenetwork',
    sort: 3,
  },
];

const HOT_GOODS: (typeof hotGoods.$inferInsert)[] = [
  {
    key: 'desktop-office',
    nameZh: '云电脑 · 办公型',
    nameEn: 'Cloud desktop · Office',
    descriptionZh: '2 核 vCPU / 4 GiB 内存 / 80 GiB 系统盘，流畅运行办公软件与浏览器',
    descriptionEn: '2 vCPU, 4 GiB memory, 80 GiB system disk: office apps and browsing run smoothly',
    tagZh: '热销',
    tagEn: 'Best seller',
    priceMicros: dollars(1990),
    bundleId: 'b-general-2c4g',
    priceUnit: 'unit.month',
    image: '/content/goods-desktop.svg',
    link: '/cloud/buy',
    sort: 1,
  },
  {
    key: 'desktop-performance',
    nameZh: '云电脑 · 性能型',
    nameEn: 'Cloud desktop · Performance',
    descriptionZh: '8 核 vCPU / 16 GiB 内存 / 200 GiB 系统盘，适合设计、开发与多开场景',
    descriptionEn: '8 vCPU, 16 GiB memory, 200 GiB system disk for design, development and multitasking',
    tagZh: '推荐',
    tagEn: 'Recommended',
    priceMicros: dollars(6900),
    bundleId: 'b-general-8c16g',
    priceUnit: 'unit.month',
    image: '/content/goods-desktop-pro.svg',
    link: '/cloud/buy',
    sort: 2,
  },
  {
    key: 'phone-standard',
    nameZh: '云手机 · 标准版',
    nameEn: 'Cloud phone · Standard',
    descriptionZh: '安卓 12，4 GiB 内存 / 64 GiB 存储，支持 ADB 与应用批量安装',
    descriptionEn: 'Android 12 with 4 GiB memory and 64 GiB storage, ADB and batch app installs',
    tagZh: '新品',
    tagEn: 'New',
    priceMicros: dollars(890),
    priceUnit: 'unit.month',
    image: '/content/goods-phone.svg',
    link: '/phone/buyph',
    sort: 3,
  },
  {
    key: 'dedicated-ip',
    nameZh: '独享静态 IP',
    nameEn: 'Dedicated static IP',
    descriptionZh: '独享公网 IPv4，最高 200 Mbps 带宽，可绑定云电脑或云手机',
    descriptionEn: 'A public IPv4 address of your own, up to 200 Mbps, bound to a desktop or phone',
    tagZh: '',
    tagEn: '',
    priceMicros: dollars(450),
    priceUnit: 'unit.month',
    image: '/content/goods-ip.svg',
    link: '/zqgl/buyIP',
    sort: 4,
  },
];

const AD_POPUPS: (typeof adPopups.$inferInsert)[] = [
  {
    key: 'first-recharge-bonus',
    version: '2026-11',
    titleZh: '首充加赠 10%',
    titleEn: 'A 10% bonus on your first top-up',
    contentZh: '首次充值任意金额，额外赠送 10% 账户余额，可用于购买云电脑、云手机与网络资源。',
    contentEn:
      'Top up any amount for the first time and we add 10% to your balance, good for cloud desktops, cloud phones and network resources.',
    image: '/content/popup-recharge.svg',
    link: '/mesceter/topup',
    sort: 1,
  },
];

type Labels = [zh: string, en: string];

const PAY_TYPE_LABELS: Record<PayType, Labels> = {
  '1': ['法币扫码支付', 'Fiat QR payment'],
  '2': ['USDT 稳定币支付', 'USDT stablecoin'],
};
const BILLING_METHOD_LABELS: Record<BillingMethod, Labels> = {
  payg: ['按量付费', 'Pay-as-you-go'],
  subscription: ['包年包月', 'Subscription'],
};
const UNIT_LABELS: Record<string, Labels> = {
  hour: ['小时', 'hour'],
  day: ['天', 'day'],
  week: ['周', 'week'],
  month: ['月', 'month'],
  year: ['年', 'year'],
};
const PRODUCT_TYPE_LABELS: Record<string, Labels> = {
  desktop: ['云电脑', 'Cloud desktop'],
  phone: ['云手机', 'Cloud phone'],
  office_site: ['办公网络', 'Office network'],
  eip: ['弹性公网 IP', 'Elastic IP'],
  proxy: ['代理 IP', 'Proxy IP'],
  backup_space: ['备份空间', 'Backup space'],
};

/** Code table rows of one group: `prefix.value` keys in the group's order. */
function codeGroup(prefix: string, labels: Record<string, Labels>, firstSort: number) {
  return Object.entries(labels).map(([value, [labelZh, labelEn]], index) => ({
    key: `${prefix}.${value}`,
    labelZh,
    labelEn,
    sort: firstSort + index,
  }));
}

const CODE_TABLE: (typeof codeTable.$inferInsert)[] = [
  ...codeGroup('pay_type', PAY_TYPE_LABELS, 100),
  ...codeGroup('unit', UNIT_LABELS, 200),
  ...codeGroup('billing_method', BILLING_METHOD_LABELS, 300),
  ...codeGroup('product_type', PRODUCT_TYPE_LABELS, 400),
];

export async function seedContentReferenceData(db: Db): Promise<void> {
  await db.insert(banners).values(BANNERS).onConflictDoNothing({ target: banners.key });
  await db.insert(hotGoods).values(HOT_GOODS).onConflictDoNothing({ target: hotGoods.key });
  await db.insert(adPopups).values(AD_POPUPS).onConflictDoNothing({ target: adPopups.key });
  await db.insert(codeTable).values(CODE_TABLE).onConflictDoNothing({ target: codeTable.key });
}
