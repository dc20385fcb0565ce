/**
 * Bind an elastic IP to a phone: its own module (a lazy part) because both the elastic IP list and
 * the phone network page open it.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Form, Select, Spin } from 'antd';
import type { Phone, PhonePage } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { ActionDialog } from '../../../components/action-dialog';
import { DialogFooter } from '../../../components/dialog-footer';
import { api } from '../../../lib/request';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PhoneOptionLabel } from '../../phones/components/phone-picker';
import { useBindPhoneInNetwork } from '../phone-networks/api';
import { useBindEip } from './api';
import { EipTargets, type EipDialogProps } from './eip-targets';

/** Phones an address may take: made, running or stopped (the cloud binds to a live instance). */
const BINDABLE_PHONE_STATUSES: readonly Phone['status'][] = ['running', 'stopped'];

/** The caller's phones of one region, searched by name on the server (the first page of 50). */
function usePhonesOfRegion(regionId: number | null, name: string) {
  return useQuery({
    queryKey: ['phones', 'eip-choices', regionId, name],
    queryFn: async () => {
      const query = { page: 1, limit: 50, ...(regionId === null ? {} : { region_id: regionId }) };
      return (await api.get<PhonePage>('/user/ph/phone', { ...query, ...(name ? { name } : {}) })).data.list;
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * One of the caller's running or stopped phones of the address's region; a phone already behind
 * an address shows it and cannot be chosen (one address per phone).
 */
export function PhoneChoice({
  regionId,
  value,
  onChange,
  testId,
}: {
  regionId: number | null;
  value: string | undefined;
  onChange: (phoneId: string) => void;
  testId: string;
}) {
  const { t } = useTranslation('phoneEip');
  const [typed, setTyped] = useState('');
  const name = useDebouncedValue(typed.trim());
  const phones = usePhonesOfRegion(regionId, name);
  const refusalOf = (phone: Phone) => {
    if (phone.eip_address) return t('bind.behind', { address: phone.eip_address });
    if (!BINDABLE_PHONE_STATUSES.includes(phone.status)) return t('bind.notReady');
    return undefined;
  };
  const options = (phones.data ?? []).map((phone) => {
    const refusal = refusalOf(phone);
    return {
      value: phone.id,
      disabled: refusal !== undefined,
      label: <PhoneOptionLabel phone={phone} note={refusal ?? phone.id} />,
    };
  });
  return (
    <Select<string>
      value={value}
      onChange={onChange}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={phones.isFetching}
      notFoundContent={phones.isFetching ? <Spin size="small" /> : t('bind.noPhones')}
      placeholder={t('bind.placeholder')}
      aria-label={t('bind.phone')}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}

/**
 * Bind an unallocated address to a phone: POST /user/ph/eip/bind, or for an address of a phone
 * network the network's bind_ph (which also keeps to the network's quota).
 */
export function BindDialog({ eip, onClose }: EipDialogProps) {
  const { t } = useTranslation('phoneEip');
  const { message } = App.useApp();
  const plain = useBindEip();
  const inNetwork = useBindPhoneInNetwork();
  const pending = plain.isPending || inNetwork.isPending;
  const [phoneId, setPhoneId] = useState<string>();
  const [missing, setMissing] = useState(false);
  const done = () => {
    void message.success(t('bind.done'));
    onClose();
  };
  const submit = () => {
    if (!phoneId) {
      setMissing(true);
      return;
    }
    const networkId = eip.u_network_id;
    if (networkId) inNetwork.mutate({ networkId, eipId: eip.eip_id, phoneId }, { onSuccess: done });
    else plain.mutate({ eipId: eip.eip_id, phoneId }, { onSuccess: done });
  };
  return (
    <ActionDialog
      open
      title={t('bind.title')}
      onClose={onClose}
      testId="eip-bind-dialog"
      footer={
        <DialogFooter
          cancelText={t('action.cancel')}
          submitText={t('bind.submit')}
          onCancel={onClose}
          onSubmit={submit}
          loading={pending}
          submitTestId="eip-bind-submit"
        />
      }
    >
      <EipTargets eips={[eip]} />
      <Form layout="vertical">
        <Form.Item
          label={t('bind.phone')}
          extra={t('bind.hint')}
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('bind.required') : undefined}
          required
        >
          <PhoneChoice
            regionId={eip.region_id}
            value={phoneId}
            onChange={(id) => {
              setPhoneId(id);
              setMissing(false);
            }}
            testId="eip-bind-phone"
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}
