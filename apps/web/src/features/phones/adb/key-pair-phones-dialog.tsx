import { useState } from 'react';
import { Alert, App, Flex, Form, Modal, type ButtonProps } from 'antd';
import type { KeyPair, Phone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { BatchFailures, type BatchFailure } from '../../../components/batch-failures';
import { useKeyPairOnPhones, type KeyPairPhoneAction } from '../api/key-pairs';
import { PhonePickerField, usePhoneSelection } from '../components/phone-picker';

/** The states the engine attaches a key in (architecture: running or stopped). */
const KEYABLE_STATUSES: readonly Phone['status'][] = ['running', 'stopped'];

export interface KeyPairPhonesDialogProps {
  pair: KeyPair;
  action: KeyPairPhoneAction;
  onClose: () => void;
}

/** Attaches a key pair to chosen phones, or detaches it; the server answers per phone. */
export function KeyPairPhonesDialog({ pair, action, onClose }: KeyPairPhonesDialogProps) {
  const { t } = useTranslation('phoneKeys');
  const { message } = App.useApp();
  const run = useKeyPairOnPhones();
  const selection = usePhoneSelection();
  const [failures, setFailures] = useState<BatchFailure[]>([]);

  const refusalOf = (phone: Phone) => {
    const attached = phone.key_pair_id === pair.key_pair_id;
    if (action === 'detach') return attached ? undefined : t('phones.notAttached');
    if (attached) return t('phones.attached');
    return KEYABLE_STATUSES.includes(phone.status) ? undefined : t('phones.unavailable');
  };

  const submit = () => {
    const phoneIds = selection.ready();
    if (!phoneIds) return;
    const { chosen } = selection;
    run.mutate(
      { action, keyPairId: pair.key_pair_id, phoneIds },
      {
        onSuccess: ({ results }) => {
          const done = results.filter((result) => result.ok).length;
          const failed = results.filter((result) => !result.ok);
          if (done) void message.success(t(`phones.${action}Done`, { count: done }));
          if (!failed.length) return onClose();
          // The refused stay chosen, each with the server's reason, to retry once it allows.
          const nameOf = (id: string) => chosen.find((phone) => phone.id === id)?.name ?? id;
          selection.setChosen(
            chosen.filter((phone) => failed.some((result) => result.phone_id === phone.id)),
          );
          setFailures(
            failed.map((result) => ({ name: nameOf(result.phone_id), message: result.message ?? '' })),
          );
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t(`phones.${action}Title`, { name: pair.name })}
      okText={t(`phones.${action}`)}
      cancelText={t('dialog.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={run.isPending}
      okButtonProps={{ 'data-testid': 'key-phones-submit' } as ButtonProps}
      mask={{ closable: false }}
    >
      <Flex vertical gap="middle" style={{ paddingTop: 8 }}>
        <Alert type="info" showIcon title={t(`phones.${action}Hint`)} />
        <BatchFailures
          title={t('phones.failed', { count: failures.length })}
          failures={failures}
          testId="key-phones-failures"
        />
        <Form layout="vertical" requiredMark={false}>
          <PhonePickerField
            selection={selection}
            refusalOf={refusalOf}
            label={t('phones.label')}
            testId="key-phones-picker"
          />
        </Form>
      </Flex>
    </Modal>
  );
}
