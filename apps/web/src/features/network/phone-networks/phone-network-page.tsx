import { useState } from 'react';
import { App, Button, Flex, Progress, Table, theme, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Eip, PhoneNetwork } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { SearchFields } from '../../../components/search-fields';
import { SearchForm } from '../../../components/search-form';
import { isFiltered } from '../../../lib/date-range';
import { useIntentKeys } from '../../../lib/idempotency';
import { regionName, usePhRegions } from '../../../lib/regions';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useListFilter } from '../../../lib/use-list-filter';
import { useEips } from '../eip/api';
import { EipAddress, EipStatus, ExpiryCell } from '../eip/eip-cells';
import { BindDialog } from '../eip/eip-dialogs';
import { usePhoneNetworks, useUnbindPhoneInNetwork, type PhoneNetworkFilterQuery } from './api';
import { AddIpsDialog, CreateNetworkDialog, RenewNetworkDialog } from './phone-network-dialogs';

interface NetworkSearchValues {
  name?: string;
  regionId?: number;
}

function NetworkSearchForm({ onSearch }: { onSearch: (filter: PhoneNetworkFilterQuery) => void }) {
  const { t } = useTranslation('phoneNetwork');
  const regions = usePhRegions().map((region) => ({ value: region.id, label: regionName(region) }));
  return (
    <SearchForm<NetworkSearchValues>
      onSearch={(values) =>
        onSearch({
          ...(values.name?.trim() ? { name: values.name.trim() } : {}),
          ...(values.regionId !== undefined ? { region_id: values.regionId } : {}),
        })
      }
      onReset={() => onSearch({})}
      fieldWidth={200}
      testId="network-search"
    >
      <SearchFields
        naming={{ label: (key) => t(`list.filter.${key}`), testId: (key) => `network-filter-${key}` }}
        fields={[
          { key: 'name', text: { placeholder: t('list.filter.namePlaceholder'), maxLength: 64 } },
          { key: 'region', name: 'regionId', options: regions },
        ]}
      />
    </SearchForm>
  );
}

/**
 * A network's addresses and the phone behind each: put a phone behind a free one (the network's
 * bind_ph), take it out (confirmed, unbind_ph).
 */
function NetworkEips({ network }: { network: PhoneNetwork }) {
  const { t } = useTranslation('phoneNetwork');
  const { token } = theme.useToken();
  const { modal, message } = App.useApp();
  const eips = useEips({ page: 1, limit: 50, u_network_id: network.u_network_id });
  const unbind = useUnbindPhoneInNetwork();
  const [binding, setBinding] = useState<Eip>();
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
      <Table<Eip>
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
      {binding ? <BindDialog eip={binding} onClose={() => setBinding(undefined)} /> : null}
    </>
  );
}

type Open = { kind: 'create' } | { kind: 'addIps' | 'renew'; network: PhoneNetwork };

/** A network row's buttons: the dialog each opens and the action of the view that enables it. */
const NETWORK_ACTIONS = [
  { kind: 'addIps', action: 'add_ip', testId: 'network-add-ips' },
  { kind: 'renew', action: 'renew', testId: 'network-renew' },
] as const;

function useColumns(open: (next: Open) => void): TableColumnsType<PhoneNetwork> {
  const { t } = useTranslation('phoneNetwork');
  const { token } = theme.useToken();
  const regions = usePhRegions();
  const regionLabel = (id: number | null) => {
    const region = regions.find((candidate) => candidate.id === id);
    return region ? regionName(region) : '—';
  };
  return [
    {
      key: 'name',
      title: t('column.name'),
      render: (_, network) => (
        <Flex vertical gap={2}>
          <span style={{ fontWeight: token.fontWeightStrong, whiteSpace: 'nowrap' }}>{network.name}</span>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            <CopyableCode value={network.u_network_id} copyLabel={t('list.copyId')} />
          </span>
        </Flex>
      ),
    },
    {
      key: 'region',
      title: t('column.region'),
      render: (_, network) => <span style={{ whiteSpace: 'nowrap' }}>{regionLabel(network.region_id)}</span>,
    },
    {
      key: 'status',
      title: t('column.status'),
      render: (_, network) => <span style={{ whiteSpace: 'nowrap' }}>{t(`status.${network.status}`)}</span>,
    },
    {
      key: 'quota',
      title: t('column.quota'),
      render: (_, network) => (
        <Flex vertical gap={0} style={{ minWidth: 140 }} data-testid="network-quota">
          <span>{t('list.quotaUsed', { used: network.eip_count, quota: network.quota })}</span>
          <Progress
            percent={Math.round((network.eip_count / Math.max(network.quota, 1)) * 100)}
            size="small"
            showInfo={false}
          />
        </Flex>
      ),
    },
    {
      key: 'remaining',
      title: t('column.remaining'),
      render: (_, network) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid="network-remaining">
          {t('list.remaining', { ips: network.remaining_ips, phones: network.remaining_phones })}
        </span>
      ),
    },
    { key: 'expiry', title: t('column.expiry'), render: (_, network) => <ExpiryCell item={network} /> },
    {
      key: 'actions',
      title: t('column.actions'),
      fixed: 'right',
      render: (_, network) => (
        <Flex gap={4} wrap={false}>
          {NETWORK_ACTIONS.map(({ kind, action, testId }) => (
            <Button
              key={kind}
              type="link"
              size="small"
              disabled={!network.actions.includes(action)}
              onClick={() => open({ kind, network })}
              data-testid={testId}
            >
              {t(`action.${kind}`)}
            </Button>
          ))}
        </Flex>
      ),
    },
  ];
}

const PHONE_HIDDEN_COLUMNS = ['region', 'status', 'expiry'];

/**
 * /zqgl/phoneip (spec §2 Cloud network menu, §3 Custom phone network, §7 Phone networks): the
 * customer's phone networks with their quota and what each may still take; create one, add
 * addresses, renew, and — expanding a network — put a phone behind one of its addresses or take it out.
 */
export function PhoneNetworkPage() {
  const { t } = useTranslation('phoneNetwork');
  const list = useListFilter<PhoneNetworkFilterQuery>();
  const networks = usePhoneNetworks(list.query);
  const isMobile = useIsMobile();
  const keys = useIntentKeys();
  const [opened, setOpened] = useState<Open>();
  const close = () => setOpened(undefined);
  const columns = useColumns(setOpened);
  const create = () => setOpened({ kind: 'create' });

  return (
    <Flex vertical gap="large" data-testid="page-phone-networks">
      <PageHeading
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={create} data-testid="network-create-open">
            {t('action.create')}
          </Button>
        }
      />
      <RecordList<PhoneNetwork, PhoneNetworkFilterQuery>
        search={<NetworkSearchForm onSearch={list.applyFilter} />}
        query={networks}
        list={list}
        columns={columns}
        rowKey="u_network_id"
        initiallyHiddenColumns={isMobile ? PHONE_HIDDEN_COLUMNS : []}
        emptyText={
          <RecordListEmpty
            failed={networks.isError}
            filtered={isFiltered(list.filter)}
            onRetry={() => void networks.refetch()}
            testIdPrefix="networks"
            texts={recordListTexts((key) => t(`list.${key}`))}
          >
            <Button type="primary" onClick={create} data-testid="networks-empty-create">
              {t('action.create')}
            </Button>
          </RecordListEmpty>
        }
        expandable={{ expandedRowRender: (network) => <NetworkEips network={network} /> }}
        tableTestId="networks-table"
      />
      {opened?.kind === 'create' ? <CreateNetworkDialog onClose={close} keys={keys} /> : null}
      {opened?.kind === 'addIps' ? (
        <AddIpsDialog network={opened.network} onClose={close} keys={keys} />
      ) : null}
      {opened?.kind === 'renew' ? (
        <RenewNetworkDialog network={opened.network} onClose={close} keys={keys} />
      ) : null}
    </Flex>
  );
}
