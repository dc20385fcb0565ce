/**
 * The screenshot wall: a thumbnail of each running phone on the page, taken again every few
 * seconds while the page is visible (nobody watches a hidden tab, and fifty phones every few
 * seconds is real load), with its name and status; a click connects.
 */
import { Button, Card, Flex, Skeleton, Typography, theme } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import type { Phone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { usePhoneScreenshot } from '../api/phone-connect';
import { useDeviceName } from '../device';
import { PhoneStatusBadge } from '../list/phone-status';

/** How often a visible wall takes its screenshots again. */
export const WALL_REFRESH_MS = 5_000;

interface WallProps {
  phones: readonly Phone[];
  /** False while the page is hidden: the thumbnails stay as they are. */
  live: boolean;
  onConnect: (phone: Phone) => void;
  connectingId: string | undefined;
}

/** The picture area: a portrait box the screenshot fits in, whichever way the phone is held. */
function Screen({ phone, live }: { phone: Phone; live: boolean }) {
  const { t } = useTranslation('phoneConnect');
  const { token } = theme.useToken();
  const shot = usePhoneScreenshot(phone.id, live ? WALL_REFRESH_MS : false);
  const box = {
    aspectRatio: '3 / 4',
    background: '#15171a',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    borderRadius: `${token.borderRadiusLG}px ${token.borderRadiusLG}px 0 0`,
    overflow: 'hidden',
  } as const;
  if (shot.data) {
    return (
      <div style={box}>
        <img
          src={shot.data}
          alt={t('wall.shotAlt', { name: phone.name })}
          data-testid="phone-wall-shot"
          style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
        />
      </div>
    );
  }
  return (
    <div style={box}>
      {shot.isPending ? (
        <Skeleton.Node active style={{ width: 96, height: 128 }} data-testid="phone-wall-loading">
          <MobileOutlined style={{ fontSize: 32, color: token.colorTextQuaternary }} />
        </Skeleton.Node>
      ) : (
        <Flex vertical align="center" gap={4} style={{ color: token.colorTextQuaternary }}>
          <MobileOutlined style={{ fontSize: 32 }} />
          <span>{t('wall.noShot')}</span>
        </Flex>
      )}
    </div>
  );
}

function Thumbnail({ phone, live, onConnect, connectingId }: Omit<WallProps, 'phones'> & { phone: Phone }) {
  const { t } = useTranslation('phoneConnect');
  // The device identity when the cloud has given it one, else what the screen is.
  const model = useDeviceName([phone])(phone) ?? (phone.resolution || t('unknownModel'));
  return (
    <Card
      hoverable
      size="small"
      cover={<Screen phone={phone} live={live} />}
      onClick={() => onConnect(phone)}
      data-testid={`phone-wall-${phone.id}`}
      styles={{ body: { padding: 8 } }}
    >
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap={4}>
          <Typography.Text strong ellipsis title={phone.name}>
            {phone.name}
          </Typography.Text>
          <PhoneStatusBadge status={phone.status} />
        </Flex>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
          {model}
        </Typography.Text>
        <Button
          type="primary"
          size="small"
          block
          loading={connectingId === phone.id}
          aria-label={t('connectTo', { name: phone.name })}
          data-testid="phone-wall-connect"
          onClick={(event) => {
            // The card's own click connects too: once is enough.
            event.stopPropagation();
            onConnect(phone);
          }}
        >
          {t('connect')}
        </Button>
      </Flex>
    </Card>
  );
}

export function ScreenshotWall({ phones, ...rest }: WallProps) {
  return (
    <div
      data-testid="phone-wall"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 12 }}
    >
      {phones.map((phone) => (
        <Thumbnail key={phone.id} phone={phone} {...rest} />
      ))}
    </div>
  );
}
