import type { SupportChannel } from '@cloudbay/contracts';

/**
 * The support widget's channels as first installed (public setting SUPPORT_CHANNELS). Operators
 * replace the addresses and upload their own QR images from the settings page; a 'qr' channel
 * without an image shows its `url` drawn as a QR code.
 */
export const DEFAULT_SUPPORT_CHANNELS: SupportChannel[] = [
  {
    key: 'wechat',
    kind: 'qr',
    icon: 'wechat',
    label_zh: '微信客服',
    label_en: 'WeChat',
    description_zh: '使用微信扫一扫，添加专属客服（工作日 9:00–21:00 快速响应）',
    description_en: 'Scan with WeChat to add your support agent (fast replies 9:00–21:00 on workdays)',
    url: 'https://work.weixin.qq.com/kfid/kfc-cloudbay-support',
    image: '',
  },
  {
    key: 'whatsapp',
    kind: 'qr',
    icon: 'whatsapp',
    label_zh: 'WhatsApp',
    label_en: 'WhatsApp',
    description_zh: '使用 WhatsApp 扫码与我们对话，海外用户首选',
    description_en: 'Scan with WhatsApp to chat with us, the quickest way from outside China',
    url: 'https://wa.me/6580000000',
    image: '',
  },
  {
    key: 'telegram',
    kind: 'link',
    icon: 'telegram',
    label_zh: 'Telegram',
    label_en: 'Telegram',
    description_zh: '在 Telegram 中联系在线客服',
    description_en: 'Talk to support on Telegram',
    url: 'https://t.me/cloudbay_support',
    image: '',
  },
  {
    key: 'email',
    kind: 'link',
    icon: 'mail',
    label_zh: '邮件支持',
    label_en: 'E-mail',
    description_zh: '发送邮件至 support@cloudbay.example，24 小时内回复',
    description_en: 'Write to support@cloudbay.example, answered within 24 hours',
    url: 'mailto:support@cloudbay.example',
    image: '',
  },
  {
    key: 'docs',
    kind: 'link',
    icon: 'docs',
    label_zh: '帮助文档',
    label_en: 'Documentation',
    description_zh: '购买指南、客户端下载与常见问题',
    description_en: 'Buying guides, client downloads and answers to common questions',
    url: 'https://docs.cloudbay.example',
    image: '',
  },
];
