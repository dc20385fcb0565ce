import { useState, type ReactNode } from 'react';
import { Button, Flex, FloatButton, Popover, theme } from 'antd';
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
import { LoadingDialog, lazyPart } from '../lib/lazy-part';
import { useIsMobile } from '../lib/use-is-mobile';
import { channelTexts, useSupportChannels } from './support-channels';

// The QR dialog (antd's QRCode) loads on demand: the button is on every page, the dialog rarely.
const SupportQrDialog = lazyPart(() => import('./support-qr-dialog'), 'SupportQrDialog');

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
  const { label, description } = channelTexts(channel);
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
        onOpenChange={(next) => {
          // The panel lists the QR channels: their dialog should be there when one is chosen.
          if (next) SupportQrDialog.prefetch();
          setOpen(next);
        }}
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
      <SupportQrDialog
        when={Boolean(qrChannel)}
        channel={qrChannel}
        onClose={() => setQrChannel(undefined)}
        fallback={<LoadingDialog open={Boolean(qrChannel)} onCancel={() => setQrChannel(undefined)} />}
      />
    </>
  );
}
