import { useEffect, useState } from 'react';
import { Button, Flex, Skeleton, theme, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PhoneNetwork } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { SearchFields } from '../../../components/search-fields';
import { SearchForm } from '../../../components/search-form';
import { isFiltered } from '../../../lib/date-range';
import { useIntentKeys } from '../../../lib/idempotency';
import { LoadingDialog, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { regionName, usePhRegions } from '../../../lib/regions';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useListFilter } from '../../../lib/use-list-filter';
import { AutoRenewCell } from '../eip/auto-renew-cell';
import { ExpiryCell } from '../eip/eip-cells';
import { usePhoneNetworks, useUpdatePhoneNetwork, type PhoneNetworkFilterQuery } from './api';

// The dialogs and a network's addresses (its expanded row) load on demand, prefetched once the list
// is idle: none is on the first screen. The quota bar (antd Progress) shows only in the rows, so it downloads from the page's mount on, its
// line's height held meanwhile.
const Progress = lazyPart(() => import('../../../components/antd-progress'), 'Progress');
const NetworkEips = lazyPart(() => import('./network-eips'), 'NetworkEips');
const CreateNetworkDialog = lazyPart(() => import('./phone-network-dialogs'), 'CreateNetworkDialog');
const AddIpsDialog = lazyPart(() => import('./phone-network-dialogs'), 'AddIpsDialog');
const RenewNetworkDialog = lazyPart(() => import('./phone-network-dialogs'), 'RenewNetworkDialog');
const EditNetworkDialog = lazyPart(() => import('./network-edit-dialog'), 'EditNetworkDialog');

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

type Open = { kind: 'create' } | { kind: 'addIps' | 'renew' | 'edit'; network: PhoneNetwork };

/** A network row's buttons: the dialog each opens and the action of the view that enables it. */
const NETWORK_ACTIONS = [
  { kind: 'edit', action: 'rename', testId: 'network-edit' },
  { kind: 'addIps', action: 'add_ip', testId: 'network-add-ips' },
  { kind: 'renew', action: 'renew', testId: 'network-renew' },
] as const;

function useColumns(open: (next: Open) => void): TableColumnsType<PhoneNetwork> {
  const { t } = useTranslation('phoneNetwork');
  const { token } = theme.useToken();
  const regions = usePhRegions();
  const update = useUpdatePhoneNetwork();
  const compact = useIsMobile();
  const switching = update.isPending ? update.variables.networkId : undefined;
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
            fallback={<div style={{ minHeight: 24 }} />}
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
      key: 'autoRenew',
      title: t('column.autoRenew'),
      render: (_, network) => (
        <AutoRenewCell
          on={network.auto_renew}
          allowed={network.actions.includes('auto_renew')}
          pending={switching === network.u_network_id}
          onChange={(on) => update.mutate({ networkId: network.u_network_id, body: { auto_renew: on } })}
          testId="network-auto-renew"
        />
      ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      // Pinned on a wide screen; on a narrow one a pinned column would cover the row.
      fixed: compact ? undefined : 'right',
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

const PHONE_HIDDEN_COLUMNS = ['region', 'status', 'expiry', 'autoRenew'];

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
  usePrefetchWhenIdle(CreateNetworkDialog, AddIpsDialog, RenewNetworkDialog, EditNetworkDialog, NetworkEips);
  useEffect(() => Progress.prefetch(), []);
  const loading = <LoadingDialog open onCancel={close} />;

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
        expandable={{
          expandedRowRender: (network) => (
            <NetworkEips
              network={network}
              fallback={<Skeleton active title={false} paragraph={{ rows: 3 }} />}
            />
          ),
        }}
        tableTestId="networks-table"
      />
      {opened?.kind === 'create' ? (
        <CreateNetworkDialog onClose={close} keys={keys} fallback={loading} />
      ) : null}
      {opened?.kind === 'addIps' ? (
        <AddIpsDialog network={opened.network} onClose={close} keys={keys} fallback={loading} />
      ) : null}
      {opened?.kind === 'edit' ? (
        <EditNetworkDialog network={opened.network} onClose={close} fallback={loading} />
      ) : null}
      {opened?.kind === 'renew' ? (
        <RenewNetworkDialog network={opened.network} onClose={close} keys={keys} fallback={loading} />
      ) : null}
    </Flex>
  );
}
