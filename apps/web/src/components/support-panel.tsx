import type { ReactNode } from 'react';
import { Button, Flex, theme } from 'antd';
import {
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
import { IconTile } from './icon-tile';
import { SUPPORT_PANEL_WIDTH, channelTexts } from './support-channels';

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
    <IconTile
      size={36}
      iconSize={20}
      color={color ?? token.colorPrimary}
      background={token.colorFillQuaternary}
    >
      {icon}
    </IconTile>
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

export interface SupportPanelProps {
  channels: readonly SupportChannel[];
  /** A QR channel was chosen: its dialog opens. */
  onQr: (channel: SupportChannel) => void;
}

/** The support popover's panel: a row per channel. */
export function SupportPanel({ channels, onQr }: SupportPanelProps) {
  const { t } = useTranslation('support');
  const { token } = theme.useToken();
  return (
    <Flex
      vertical
      gap={4}
      style={{ width: SUPPORT_PANEL_WIDTH, maxWidth: 'calc(100vw - 48px)' }}
      data-testid="support-panel"
    >
      <span style={{ color: token.colorTextSecondary, marginBottom: token.marginXXS }}>{t('subtitle')}</span>
      {channels.map((channel) => (
        <ChannelRow key={channel.key} channel={channel} onQr={onQr} />
      ))}
    </Flex>
  );
}
