/** The bind dialog both proxy pages open on demand: the phone choice, searched on the server. */
import { useState } from 'react';
import { App, Flex, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePhoneChoices } from '../../phones/api/phone-choices';
import { useProxyBinding, type ProxySource } from './api';

/** One of the caller's phones, searched by name on the server; a phone with another proxy is greyed. */
function PhoneSelect({ value, onChange }: { value?: string; onChange: (id: string) => void }) {
  const { t } = useTranslation('networkProxies');
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim());
  const choices = usePhoneChoices({ name });
  const options = (choices.data?.list ?? []).map((phone) => {
    const settled = phone.status === 'running' || phone.status === 'stopped';
    return {
      value: phone.id,
      disabled: !settled,
      label: (
        <Flex justify="space-between" gap="small">
          <span>{phone.display_name ?? phone.name}</span>
          {settled ? null : <span>{t('bind.notSettled')}</span>}
        </Flex>
      ),
    };
  });
  return (
    <Select<string>
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={choices.isFetching}
      notFoundContent={choices.isFetching ? null : t('bind.noPhones')}
      placeholder={t('bind.placeholder')}
      aria-label={t('bind.phone')}
      style={{ width: '100%' }}
      data-testid="proxy-bind-phone"
    />
  );
}

/** Puts the proxy on a phone: the engine routes the phone's traffic through it (running or stopped phones). */
export function BindPhoneDialog({
  source,
  proxyId,
  proxyLabel,
  onClose,
}: {
  source: ProxySource;
  proxyId: string;
  proxyLabel: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('networkProxies');
  const { message } = App.useApp();
  const binding = useProxyBinding(source);
  const [phoneId, setPhoneId] = useState<string>();
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (!phoneId) {
      setMissing(true);
      return;
    }
    binding.mutate(
      { proxyId, phoneId, bind: true },
      {
        onSuccess: () => {
          void message.success(t('bind.done'));
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open
      title={t('bind.title', { proxy: proxyLabel })}
      okText={t('bind.confirm')}
      cancelText={t('dialog.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={binding.isPending}
      destroyOnHidden
      data-testid="proxy-bind-dialog"
    >
      <Form layout="vertical">
        <Form.Item
          label={t('bind.phone')}
          extra={t('bind.hint')}
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('bind.required') : undefined}
        >
          <PhoneSelect
            value={phoneId}
            onChange={(id) => {
              setPhoneId(id);
              setMissing(false);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
