import { Alert, Button, Descriptions, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { Phone, PhoneAdbResult } from '@cloudbay/contracts';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { feedback } from '../../../lib/feedback';
import { useSwitchPhoneAdb, type AdbSwitch } from '../api/phone-adb';
import { PhoneTarget } from './phone-target';
import type { PhoneToolProps } from './tool-props';
import { ActionDialog } from '../../../components/action-dialog';
import { useStateFor } from './use-state-for';

/** Where the customer manages ADB key pairs (spec §2 Cloud phone menu). */
export const KEY_PAIR_PAGE_PATH = '/phone/phoneadb';

/**
 * ADB for one phone (POST /user/ph/phone/{id}/enable_adb, close_adb): its state, the address and
 * the `adb connect` command with copy buttons, and the switch. ADB needs a key pair attached (the
 * dialog says so with the way to the key pair page) and a running phone. `onChanged` gets the
 * phone after a change, for the page's list. Acts on `phones[0]`.
 */
export function AdbDialog({
  phones,
  open,
  onClose,
  onChanged,
}: PhoneToolProps & {
  /** The phone after a change and the switch made, for the page's list (ADB's state is on the row). */
  onChanged?: (phone: Phone, action: AdbSwitch) => void;
}) {
  const { t } = useTranslation('phoneOps');
  const [given] = phones;
  // The phone as the last switch answered it (the list's row may not have caught up yet).
  const [answered, setAnswered] = useStateFor<Phone | undefined>(open ? given?.id : null, () => undefined);
  const phone = answered?.id === given?.id ? answered : given;
  const adb = useSwitchPhoneAdb();

  const change = (action: AdbSwitch) => {
    if (!phone) return;
    adb.mutate(
      { phoneId: phone.id, action },
      {
        onSuccess: (result: PhoneAdbResult) => {
          // An address still on its way: the page's phone shows it once the list has it.
          setAnswered(action === 'enable' && !result.adb_address ? undefined : result.phone);
          onChanged?.(result.phone, action);
          if (action === 'close') feedback.toast('success', t('adb.closed'));
          else
            feedback.toast(
              result.adb_address ? 'success' : 'info',
              t(result.adb_address ? 'adb.enabled' : 'adb.pending'),
            );
        },
      },
    );
  };

  const body = () => {
    if (!phone) return null;
    const hasKeyPair = phone.key_pair_id !== null;
    const address = phone.adb_address;
    return (
      <>
        <PhoneTarget phone={phone} />
        <Typography.Text type="secondary">{t('adb.intro')}</Typography.Text>
        {hasKeyPair ? null : (
          <Alert
            type="warning"
            showIcon
            data-testid="phone-adb-key-required"
            title={t('adb.keyPairRequired')}
            description={<Link to={KEY_PAIR_PAGE_PATH}>{t('adb.keyPairLink')}</Link>}
          />
        )}
        {phone.status !== 'running' && !phone.adb_enabled ? (
          <Alert type="info" showIcon title={t('notRunning')} data-testid="phone-adb-not-running" />
        ) : null}
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('adb.status')}>
            <Tag color={phone.adb_enabled ? 'success' : 'default'} data-testid="phone-adb-status">
              {phone.adb_enabled ? t('adb.on') : t('adb.off')}
            </Tag>
          </Descriptions.Item>
          {hasKeyPair ? (
            <Descriptions.Item label={t('adb.keyPairLabel')}>
              <span data-testid="phone-adb-key">{phone.key_pair_id}</span>
            </Descriptions.Item>
          ) : null}
          {address ? (
            <>
              <Descriptions.Item label={t('adb.address')}>
                <span data-testid="phone-adb-address">
                  <CopyableCode value={address} copyLabel={t('adb.copy')} />
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('adb.connectCommand')}>
                <CopyableCode value={`adb connect ${address}`} copyLabel={t('adb.copy')} />
              </Descriptions.Item>
            </>
          ) : null}
        </Descriptions>
      </>
    );
  };

  const footer = phone ? (
    <Flex gap={8} justify="end">
      <Button onClick={onClose}>{t('close')}</Button>
      {phone.adb_enabled ? (
        <Popconfirm title={t('adb.closeConfirm')} onConfirm={() => change('close')}>
          <Button
            danger
            loading={adb.isPending}
            disabled={!phone.actions.includes('close_adb')}
            data-testid="phone-adb-close"
          >
            {t('adb.close')}
          </Button>
        </Popconfirm>
      ) : (
        <Button
          type="primary"
          loading={adb.isPending}
          disabled={!phone.actions.includes('enable_adb')}
          onClick={() => change('enable')}
          data-testid="phone-adb-enable"
        >
          {t('adb.enable')}
        </Button>
      )}
    </Flex>
  ) : null;

  return (
    <ActionDialog open={open} title={t('adb.title')} onClose={onClose} footer={footer} testId="phone-adb">
      {body()}
    </ActionDialog>
  );
}
