import { Alert, Button, Flex, Input, Modal } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import type { KeyPairCreated } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/copy';
import { saveBlob } from '../../../lib/download';
import { privateKeyFileName } from './key-pair-name';

export interface PrivateKeyDialogProps {
  /** The pair just generated, with its private key: the only copy there is (the server keeps none). */
  pair: KeyPairCreated & { private_key: string };
  onClose: () => void;
}

/** Shows a generated pair's private key once, with copy and download, and says it cannot come back. */
export function PrivateKeyDialog({ pair, onClose }: PrivateKeyDialogProps) {
  const { t } = useTranslation('phoneKeys');
  const download = () =>
    saveBlob(new Blob([pair.private_key], { type: 'application/x-pem-file' }), privateKeyFileName(pair.name));

  return (
    <Modal
      open
      title={t('secret.title', { name: pair.name })}
      onCancel={onClose}
      // Nothing outside the dialog closes it: the key would be gone for good.
      mask={{ closable: false }}
      keyboard={false}
      width={640}
      footer={
        <Flex justify="end" gap="small" wrap>
          <Button
            icon={<CopyOutlined />}
            onClick={() => void copyText(pair.private_key)}
            data-testid="key-secret-copy"
          >
            {t('secret.copy')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={download} data-testid="key-secret-download">
            {t('secret.download')}
          </Button>
          <Button type="primary" onClick={onClose} data-testid="key-secret-close">
            {t('secret.saved')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="middle" style={{ paddingTop: 8 }}>
        <Alert type="warning" showIcon title={t('secret.warning')} description={t('secret.warningHint')} />
        <Input.TextArea
          readOnly
          value={pair.private_key}
          autoSize={{ minRows: 8, maxRows: 14 }}
          style={{ fontFamily: 'monospace', fontSize: 12 }}
          aria-label={t('secret.label')}
          data-testid="key-secret"
        />
      </Flex>
    </Modal>
  );
}
