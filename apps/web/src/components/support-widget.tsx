import { useState, type ReactNode } from 'react';
import { Button, Flex, FloatButton, Modal, Popover, QRCode, theme } from 'antd';
import {
  CustomerServiceOutlined,
  ExportOutlined,
  MailOutlined,
  MessageOutlined,
  QrcodeOutlined,
  ReadOutlined,
  SkypeOutlined,
  TelegramFilled,
  WechatOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import type { SupportChannel } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n';
import { useIsMobile } from '../lib/use-is-mobile';
import { useSupportChannels } from './support-channels';
import styles from './support-widget.module.css';

const QR_SIZE = 500;

/** Each app's own colour, so a channel is recognised at a glance. */
const ICONS: Record<SupportChannel['icon'], { icon: ReactNode; color?: string }> = {
  wechat: { icon: <WechatOutlined />, color: '#07C160' },
  whatsapp: { icon: <WhatsAppOutlined />, color: '#25D366' },
  telegram: { icon: <TelegramFilled />, color: '#229ED9' },
  skype: { icon: <SkypeOutlined />, color: '#00AFF0' },
  mail: { icon: <MailOutlined /> },
  docs: { icon: <ReadOutlined /> },
  message: { icon: <MessageOutlined /> },
};

/** The label and description in the page's language. */
function texts(channel: SupportChannel) {
  const zh = currentLanguage() === 'zh-CN';
  return {
    label: zh ? channel.label_zh : channel.label_en,
    description: zh ? channel.description_zh : channel.description_en,
  };
}

function ChannelIcon({ channel }: { channel: SupportChannel }) {
  const { token } = theme.useToken();
  const { icon, color } = ICONS[channel.icon] ?? ICONS.message;
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        width: 36,
        height: 36,
        borderRadius: token.borderRadiusLG,
        fontSize: 20,
        color: color ?? token.colorPrimary,
        background: token.colorFillQuaternary,
      }}
    >
      {icon}
    </span>
  );
}

/** One channel: a QR channel opens its dialog, a link channel is a link to a new tab. */
function ChannelRow({ channel, onQr }: { channel: SupportChannel; onQr: (channel: SupportChannel) => void }) {
  const { t } = useTranslation('support');
  const { token } = theme.useToken();
  const { label, description } = texts(channel);
  const isLink = channel.kind === 'link';
  return (
    <Button
      type="text"
      block
      {...(isLink
        ? { href: channel.url, target: '_blank', rel: 'noopener noreferrer' }
        : { onClick: () => onQr(channel) })}
      title={isLink ? t('openLink') : t('openQr')}
      style={{ height: 'auto', padding: token.paddingXS, justifyContent: 'flex-start', textAlign: 'start' }}
      data-testid={`support-channel-${channel.key}`}
    >
      <Flex align="center" gap="small" style={{ width: '100%', minWidth: 0 }}>
        <ChannelIcon channel={channel} />
        <Flex vertical style={{ flex: 1, minWidth: 0 }}>
          <span style={{ fontWeight: token.fontWeightStrong }}>{label}</span>
          {description ? (
            <span
              style={{
                color: token.colorTextSecondary,
                fontSize: token.fontSizeSM,
                whiteSpace: 'normal',
                wordBreak: 'break-word',
              }}
            >
              {description}
            </span>
          ) : null}
        </Flex>
        <span aria-hidden style={{ color: token.colorTextTertiary }}>
          {isLink ? <ExportOutlined /> : <QrcodeOutlined />}
        </span>
      </Flex>
    </Button>
  );
}

/** The QR of a chat app, 500 px high (spec §2 Support widget), captioned with the description. */
function QrDialog({ channel, onClose }: { channel: SupportChannel | undefined; onClose: () => void }) {
  const { t } = useTranslation('support');
  const { token } = theme.useToken();
  const { label, description } = channel ? texts(channel) : { label: '', description: '' };
  return (
    <Modal
      open={Boolean(channel)}
      title={label}
      footer={null}
      onCancel={onClose}
      width={QR_SIZE + 2 * token.paddingLG}
      centered
      destroyOnHidden
      modalRender={(panel) => <div data-testid="support-qr-dialog">{panel}</div>}
    >
      {channel?.image ? (
        <img src={channel.image} alt={t('qrAlt', { label })} className={styles.qrImage} />
      ) : channel ? (
        <QRCode
          type="svg"
          value={channel.url}
          size={QR_SIZE}
          bordered={false}
          aria-label={t('qrAlt', { label })}
          className={styles.qrCode}
          style={{ width: `min(${QR_SIZE}px, 100%)`, height: 'auto', aspectRatio: '1 / 1', padding: 0 }}
          data-testid="support-qr-code"
        />
      ) : null}
      {description ? (
        <p
          style={{ margin: `${token.marginMD}px 0 0`, textAlign: 'center', color: token.colorTextSecondary }}
        >
          {description}
        </p>
      ) : null}
    </Modal>
  );
}

/**
 * The floating support button (spec §2 Support widget): a panel of the channels operators set in
 * SUPPORT_CHANNELS. Nothing shows while none is set.
 */
export function SupportWidget() {
  const { t } = useTranslation('support');
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const { data: channels = [] } = useSupportChannels();
  const [open, setOpen] = useState(false);
  const [qrChannel, setQrChannel] = useState<SupportChannel>();

  if (!channels.length) return null;

  const showQr = (channel: SupportChannel) => {
    setOpen(false);
    setQrChannel(channel);
  };

  const panel = (
    <Flex vertical gap={4} style={{ width: 300, maxWidth: 'calc(100vw - 48px)' }} data-testid="support-panel">
      <span style={{ color: token.colorTextSecondary, marginBottom: token.marginXXS }}>{t('subtitle')}</span>
      {channels.map((channel) => (
        <ChannelRow key={channel.key} channel={channel} onQr={showQr} />
      ))}
    </Flex>
  );

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        // Phones: above the button, where the panel has the screen's width.
        placement={isMobile ? 'topRight' : 'leftBottom'}
        title={t('title')}
        content={panel}
      >
        <FloatButton
          type="primary"
          icon={<CustomerServiceOutlined />}
          aria-label={t('button')}
          tooltip={open || isMobile ? undefined : t('button')}
          // Below drawers and modals (z-index 1000), which must cover it; phones: closer to the
          // corner so it hides less of the page.
          style={{ zIndex: 900, ...(isMobile ? { insetInlineEnd: 16, insetBlockEnd: 24 } : {}) }}
          data-testid="support-button"
        />
      </Popover>
      <QrDialog channel={qrChannel} onClose={() => setQrChannel(undefined)} />
    </>
  );
}
