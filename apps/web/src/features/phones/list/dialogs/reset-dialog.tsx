import { useState } from 'react';
import { Alert, Input, Modal, Typography } from 'antd';
import type { Phone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { PhoneTargets } from './phone-targets';

/**
 * A factory reset clears every app and all data (spec §4): the phones are listed and the reset
 * goes only once the confirmation word is typed.
 */
export function ResetDialog({
  phones,
  onClose,
  onConfirm,
}: {
  phones: Phone[];
  onClose: () => void;
  /** Sends the reset; the dialog stays busy until it settles. */
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation('phones');
  const word = t('list.reset.word');
  const [typed, setTyped] = useState('');
  const [sending, setSending] = useState(false);
  const matches = typed.trim() === word;
  const confirm = () => {
    setSending(true);
    onConfirm()
      // A refused call has been reported by the request client; the dialog stays for another try.
      .catch(() => undefined)
      .finally(() => setSending(false));
  };
  return (
    <Modal
      open
      title={t('list.reset.title')}
      onCancel={onClose}
      onOk={confirm}
      okText={t('list.reset.ok')}
      cancelText={t('list.confirm.cancel')}
      okButtonProps={{
        danger: true,
        disabled: !matches,
        loading: sending,
        ...{ 'data-testid': 'phone-reset-ok' },
      }}
      destroyOnHidden
      data-testid="phone-reset-dialog"
    >
      <PhoneTargets phones={phones} />
      <Alert type="error" showIcon title={t('list.reset.warning')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {t('list.reset.type', { word })}
      </Typography.Paragraph>
      <Input
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        placeholder={word}
        status={typed && !matches && typed.length >= word.length ? 'error' : undefined}
        aria-label={t('list.reset.type', { word })}
        autoComplete="off"
        data-testid="phone-reset-input"
      />
    </Modal>
  );
}
