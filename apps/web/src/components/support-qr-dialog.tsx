import { Modal, QRCode, theme } from 'antd';
import type { SupportChannel } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { channelTexts } from './support-channels';
import styles from './support-qr-dialog.module.css';

const QR_SIZE = 500;

/** The QR of a chat app, 500 px high (spec §2 Support widget), captioned with the description. */
export function SupportQrDialog({
  channel,
  onClose,
}: {
  channel: SupportChannel | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('support');
  const { token } = theme.useToken();
  const { label, description } = channel ? channelTexts(channel) : { label: '', description: '' };
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
