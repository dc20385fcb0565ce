import { useState } from 'react';
import { App, Button, theme, type TableColumnsType } from 'antd';
import type { Eip, PhoneNetwork } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { LazyTable } from '../../../components/lazy-table';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { useEips } from '../eip/api';
import { EipAddress, EipStatus, ExpiryCell } from '../eip/eip-cells';
import { useUnbindPhoneInNetwork } from './api';

// Opened from a row of the addresses: its code loads on demand (prefetched once the page is idle).
const BindDialog = lazyPart(() => import('../eip/eip-bind-dialog'), 'BindDialog');

/**
 * A network's addresses and the phone behind each: put a phone behind a free one (the network's
 * bind_ph), take it out (confirmed, unbind_ph).
 */
export function NetworkEips({ network }: { network: PhoneNetwork }) {
  const { t } = useTranslation('phoneNetwork');
  const { token } = theme.useToken();
  const { modal, message } = App.useApp();
  const eips = useEips({ page: 1, limit: 50, u_network_id: network.u_network_id });
  const unbind = useUnbindPhoneInNetwork();
  const [binding, setBinding] = useState<Eip>();
  usePrefetchWhenIdle(BindDialog);
  const takeOut = (eip: Eip) =>
    void modal.confirm({
      title: t('eips.takeOutTitle'),
      content: t('eips.takeOutContent', {
        name: eip.bound_instance_name ?? eip.bound_instance,
        address: eip.address,
      }),
      okText: t('eips.takeOut'),
      okButtonProps: {
        danger: true,
        ...({ 'data-testid': 'network-take-out-ok' } as Record<string, string>),
      },
      cancelText: t('action.cancel'),
      onOk: () =>
        new Promise<void>((resolve, reject) =>
          unbind.mutate(
            { networkId: network.u_network_id, phoneId: eip.bound_instance! },
            {
              onSuccess: () => {
                void message.success(t('eips.takenOut'));
                resolve();
              },
              onError: reject,
            },
          ),
        ),
    });
  const columns: TableColumnsType<Eip> = [
    { key: 'address', title: t('eips.address'), render: (_, eip) => <EipAddress eip={eip} /> },
    { key: 'status', title: t('eips.status'), render: (_, eip) => <EipStatus eip={eip} /> },
    { key: 'bandwidth', title: t('eips.bandwidth'), render: (_, eip) => `${eip.bandwidth} Mbps` },
    {
      key: 'phone',
      title: t('eips.phone'),
      render: (_, eip) =>
        eip.bound_instance ? (
          <span data-testid="network-eip-phone">{eip.bound_instance_name ?? eip.bound_instance}</span>
        ) : (
          <span style={{ color: token.colorTextTertiary }}>—</span>
        ),
    },
    { key: 'expiry', title: t('eips.expiry'), render: (_, eip) => <ExpiryCell item={eip} /> },
    {
      key: 'actions',
      title: t('eips.actions'),
      render: (_, eip) =>
        eip.status === 'allocated' ? (
          <Button type="link" size="small" danger onClick={() => takeOut(eip)} data-testid="network-take-out">
            {t('eips.takeOut')}
          </Button>
        ) : (
          <Button
            type="link"
            size="small"
            disabled={!eip.actions.includes('bind')}
            onClick={() => setBinding(eip)}
            data-testid="network-put-phone"
          >
            {t('eips.putPhone')}
          </Button>
        ),
    },
  ];
  return (
    <>
      <LazyTable<Eip>
        rowKey="eip_id"
        size="small"
        columns={columns}
        dataSource={eips.data?.list ?? []}
        loading={eips.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('eips.empty') }}
        data-testid="network-eips"
      />
      {binding ? (
        <BindDialog
          eip={binding}
          onClose={() => setBinding(undefined)}
          fallback={<LoadingDialog open onCancel={() => setBinding(undefined)} />}
        />
      ) : null}
    </>
  );
}
