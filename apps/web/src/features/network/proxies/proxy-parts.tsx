/** The pieces both proxy pages share: the location, the latency, the phone choice and the bind dialog. */
import { useState } from 'react';
import { App, Flex, Form, Modal, Select, Tag, theme, Typography } from 'antd';
import type { BoundPhone } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-time';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePhoneChoices } from '../../phones/api/phone-choices';
import { useProxyBinding, type ProxySource } from './api';

/** A country's name in the reader's language (ISO code in, e.g. 日本 / Japan). */
export function countryName(code: string | null, language: string): string {
  if (!code) return '—';
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function ProxyLocation({
  country,
  city,
  isp,
}: {
  country: string | null;
  city: string | null;
  isp?: string | null;
}) {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2}>
      <span>
        {countryName(country, i18n.language)} · {city ?? '—'}
      </span>
      {isp ? <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{isp}</span> : null}
    </Flex>
  );
}

/** The last check's round trip, coloured by how usable it is, and when it was measured. */
export function Latency({ ms, at, testId }: { ms: number | null; at: string | null; testId: string }) {
  const { t } = useTranslation('networkProxies');
  const { token } = theme.useToken();
  if (at === null) return <span style={{ color: token.colorTextTertiary }}>{t('latency.never')}</span>;
  const color = ms === null ? 'error' : ms < 150 ? 'success' : ms < 400 ? 'warning' : 'error';
  return (
    <Flex vertical gap={2} data-testid={testId}>
      <Tag color={color} style={{ width: 'fit-content' }}>
        {ms === null ? t('latency.unreachable') : t('latency.ms', { ms })}
      </Tag>
      <span style={{ color: token.colorTextTertiary, fontSize: token.fontSizeSM }}>{formatDateTime(at)}</span>
    </Flex>
  );
}

export function PhoneNames({ phones }: { phones: BoundPhone[] }) {
  const { t } = useTranslation('networkProxies');
  const { token } = theme.useToken();
  if (phones.length === 0) return <span style={{ color: token.colorTextTertiary }}>{t('bind.none')}</span>;
  return (
    <Flex vertical gap={2} data-testid="proxy-bound-phones">
      {phones.map((phone) => (
        <Typography.Text key={phone.id} ellipsis style={{ maxWidth: 200 }}>
          {phone.name}
        </Typography.Text>
      ))}
    </Flex>
  );
}

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

/** Asks before taking the proxy off a phone (its traffic goes direct again). */
export function useConfirmUnbind(source: ProxySource) {
  const { t } = useTranslation('networkProxies');
  const { modal, message } = App.useApp();
  const binding = useProxyBinding(source);
  return (proxyId: string, phone: BoundPhone) =>
    modal.confirm({
      title: t('unbind.title', { phone: phone.name }),
      content: t('unbind.content'),
      okText: t('unbind.confirm'),
      cancelText: t('dialog.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'proxy-unbind-confirm' },
      onOk: () =>
        binding
          .mutateAsync({ proxyId, phoneId: phone.id, bind: false })
          .then(() => void message.success(t('unbind.done')))
          .catch(() => undefined),
    });
}
