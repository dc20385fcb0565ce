import { useState, type Key } from 'react';
import { App, Button, Flex, theme, type TableColumnsType } from 'antd';
import type { Eip } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';
import { RecordList } from '../../../components/record-list';
import { ResourceRowActions, type RowActionItem } from '../../../components/row-actions';
import { SearchFields } from '../../../components/search-fields';
import { SearchForm } from '../../../components/search-form';
import { isFiltered, toTimeWindow, type PickedRange } from '../../../lib/date-range';
import { useIntentKeys } from '../../../lib/idempotency';
import { LoadingDialog, LoadingOverlay, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { regionName, usePhRegions } from '../../../lib/regions';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useListFilter } from '../../../lib/use-list-filter';
import { useEips, useUnbindEip, useUpdateEip, type EipFilterQuery } from './api';
import { AutoRenewCell } from './auto-renew-cell';
import { EipAddress, EipStatus, ExpiryCell } from './eip-cells';

// The dialogs and the traffic drawer load on demand (prefetched once the list is idle): none is on
// the first screen, and the drawer's chart brings ECharts.
const BindDialog = lazyPart(() => import('./eip-bind-dialog'), 'BindDialog');
const EditDialog = lazyPart(() => import('./eip-dialogs'), 'EditDialog');
const RenewDialog = lazyPart(() => import('./eip-dialogs'), 'RenewDialog');
const EipTrafficDrawer = lazyPart(() => import('./eip-traffic-drawer'), 'EipTrafficDrawer');

interface EipSearchValues {
  name?: string;
  address?: string;
  status?: 'unallocated' | 'allocated';
  regionId?: number;
  range?: PickedRange;
}

export function toEipFilter(values: EipSearchValues): EipFilterQuery {
  const filter: EipFilterQuery = {};
  if (values.name?.trim()) filter.name = values.name.trim();
  if (values.address?.trim()) filter.address = values.address.trim();
  if (values.status) filter.status = values.status;
  if (values.regionId !== undefined) filter.region_id = values.regionId;
  const { begin_time, end_time } = toTimeWindow(values.range);
  if (begin_time) filter.expire_from = begin_time;
  if (end_time) filter.expire_to = end_time;
  return filter;
}

function EipSearchForm({ onSearch }: { onSearch: (filter: EipFilterQuery) => void }) {
  const { t } = useTranslation('phoneEip');
  const regions = usePhRegions().map((region) => ({ value: region.id, label: regionName(region) }));
  const statuses = (['unallocated', 'allocated'] as const).map((status) => ({
    value: status,
    label: t(`status.${status}`),
  }));
  return (
    <SearchForm<EipSearchValues>
      onSearch={(values) => onSearch(toEipFilter(values))}
      onReset={() => onSearch({})}
      fieldWidth={200}
      testId="eip-search"
    >
      <SearchFields
        naming={{ label: (key) => t(`list.filter.${key}`), testId: (key) => `eip-filter-${key}` }}
        fields={[
          { key: 'name', text: { placeholder: t('list.filter.namePlaceholder'), maxLength: 64 } },
          { key: 'address', text: { placeholder: t('list.filter.addressPlaceholder'), maxLength: 45 } },
          { key: 'status', options: statuses },
          { key: 'region', name: 'regionId', options: regions },
          { key: 'expiry', range: true },
        ]}
      />
    </SearchForm>
  );
}

type EipChoice = 'bind' | 'unbind' | 'edit' | 'renew' | 'traffic';
type Open = { kind: Exclude<EipChoice, 'unbind' | 'renew'>; eip: Eip } | { kind: 'renew'; eips: Eip[] };

function EipRowActions({
  eip,
  compact,
  onChoose,
}: {
  eip: Eip;
  compact: boolean;
  onChoose: (c: EipChoice) => void;
}) {
  const { t } = useTranslation('phoneEip');
  const item = (id: EipChoice, allowed: boolean, danger = false): RowActionItem<EipChoice> => ({
    id,
    label: t(`action.${id}`),
    disabled: !allowed,
    danger,
    choice: id,
  });
  const bound = eip.status === 'allocated';
  const bindItem = bound
    ? item('unbind', eip.actions.includes('unbind'), true)
    : item('bind', eip.actions.includes('bind'));
  const rest = [
    item('edit', eip.status === 'allocated' || eip.status === 'unallocated'),
    item('renew', eip.actions.includes('renew')),
    item('traffic', eip.address !== null),
  ];
  return (
    <ResourceRowActions<EipChoice>
      buttons={[bindItem, rest[0]!]}
      runItems={[bindItem]}
      groups={[rest.slice(compact ? 0 : 1)]}
      compact={compact}
      onChoose={onChoose}
      testIdPrefix="eip"
      texts={{ more: t('action.more'), actions: t('action.actions') }}
    />
  );
}

function useColumns(
  onChoose: (eip: Eip, choice: EipChoice) => void,
  compact: boolean,
): TableColumnsType<Eip> {
  const { t } = useTranslation('phoneEip');
  const { token } = theme.useToken();
  const regions = usePhRegions();
  const update = useUpdateEip();
  const keys = useIntentKeys();
  const [switching, setSwitching] = useState<string>();
  const regionLabel = (id: number | null) => {
    const region = regions.find((candidate) => candidate.id === id);
    return region ? regionName(region) : '—';
  };
  const switchAutoRenew = (eip: Eip, on: boolean) => {
    setSwitching(eip.eip_id);
    const body = { auto_renew: on };
    update.mutate(
      { eipId: eip.eip_id, body, idempotencyKey: keys.keyFor({ eip: eip.eip_id, ...body }) },
      {
        onSettled: (_, error) => (
          keys.settle({ eip: eip.eip_id, ...body }, error ?? undefined),
          setSwitching(undefined)
        ),
      },
    );
  };
  return [
    {
      key: 'name',
      title: t('column.name'),
      render: (_, eip) => (
        <Flex vertical gap={2}>
          <span style={{ fontWeight: token.fontWeightStrong, whiteSpace: 'nowrap' }}>{eip.name}</span>
          <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
            <CopyableCode value={eip.eip_id} copyLabel={t('list.copyId')} />
          </span>
        </Flex>
      ),
    },
    { key: 'address', title: t('column.address'), render: (_, eip) => <EipAddress eip={eip} /> },
    { key: 'status', title: t('column.status'), render: (_, eip) => <EipStatus eip={eip} /> },
    {
      key: 'bandwidth',
      title: t('column.bandwidth'),
      render: (_, eip) => <span style={{ whiteSpace: 'nowrap' }}>{eip.bandwidth} Mbps</span>,
    },
    {
      key: 'bound',
      title: t('column.bound'),
      render: (_, eip) =>
        eip.bound_instance ? (
          <Flex vertical gap={2} data-testid="eip-bound">
            <span style={{ whiteSpace: 'nowrap' }}>{eip.bound_instance_name ?? eip.bound_instance}</span>
            <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
              {eip.bound_instance}
            </span>
          </Flex>
        ) : (
          <span style={{ color: token.colorTextTertiary }}>—</span>
        ),
    },
    {
      key: 'region',
      title: t('column.region'),
      render: (_, eip) => <span style={{ whiteSpace: 'nowrap' }}>{regionLabel(eip.region_id)}</span>,
    },
    {
      key: 'network',
      title: t('column.network'),
      render: (_, eip) => eip.u_network_id ?? <span style={{ color: token.colorTextTertiary }}>—</span>,
    },
    { key: 'expiry', title: t('column.expiry'), render: (_, eip) => <ExpiryCell item={eip} /> },
    {
      key: 'autoRenew',
      title: t('column.autoRenew'),
      render: (_, eip) => (
        <AutoRenewCell
          on={eip.auto_renew}
          allowed={eip.actions.includes('auto_renew')}
          pending={switching === eip.eip_id}
          onChange={(on) => switchAutoRenew(eip, on)}
          testId="eip-auto-renew"
        />
      ),
    },
    {
      key: 'actions',
      title: t('column.actions'),
      fixed: 'right',
      render: (_, eip) => (
        <EipRowActions eip={eip} compact={compact} onChoose={(choice) => onChoose(eip, choice)} />
      ),
    },
  ];
}

const SECONDARY_COLUMNS = ['network'];
const PHONE_HIDDEN_COLUMNS = ['status', 'bandwidth', 'region', 'network', 'expiry', 'autoRenew'];

/**
 * The customer's elastic IPs (GET /user/ph/eip): filtered and paged by the server, followed live
 * while one is made or released; bind, unbind (confirmed), edit, renew a selection of one region,
 * auto-renew and traffic.
 */
export function EipList({ onBuy }: { onBuy: () => void }) {
  const { t } = useTranslation('phoneEip');
  const { modal, message } = App.useApp();
  const list = useListFilter<EipFilterQuery>();
  const eips = useEips(list.query);
  const rows = eips.data?.list ?? [];
  const isMobile = useIsMobile();
  const unbind = useUnbindEip();
  const payKeys = useIntentKeys();
  const [open, setOpen] = useState<Open>();
  const [selectedIds, setSelectedIds] = useState<Key[]>([]);
  const selected = rows.filter((eip) => selectedIds.includes(eip.eip_id));
  const close = () => setOpen(undefined);
  usePrefetchWhenIdle(BindDialog, EditDialog, RenewDialog, EipTrafficDrawer);
  const loading = <LoadingDialog open onCancel={close} />;

  const choose = (eip: Eip, choice: EipChoice) => {
    if (choice === 'renew') return setOpen({ kind: 'renew', eips: [eip] });
    if (choice !== 'unbind') return setOpen({ kind: choice, eip });
    void modal.confirm({
      title: t('unbind.title'),
      content: t('unbind.content', {
        address: eip.address,
        name: eip.bound_instance_name ?? eip.bound_instance,
      }),
      okText: t('unbind.ok'),
      okButtonProps: { danger: true, ...({ 'data-testid': 'eip-unbind-ok' } as Record<string, string>) },
      cancelText: t('action.cancel'),
      onOk: () =>
        new Promise<void>((resolve, reject) =>
          unbind.mutate(eip.eip_id, {
            onSuccess: () => {
              void message.success(t('unbind.done'));
              resolve();
            },
            onError: reject,
          }),
        ),
    });
  };
  const columns = useColumns(choose, isMobile);
  const renewable = selected.filter((eip) => eip.actions.includes('renew'));

  return (
    <>
      <RecordList<Eip, EipFilterQuery>
        search={
          <EipSearchForm
            onSearch={(filter) => {
              setSelectedIds([]);
              list.applyFilter(filter);
            }}
          />
        }
        query={eips}
        list={list}
        columns={columns}
        rowKey="eip_id"
        initiallyHiddenColumns={isMobile ? PHONE_HIDDEN_COLUMNS : SECONDARY_COLUMNS}
        actions={
          <Flex gap="small" wrap align="center">
            <Button
              disabled={renewable.length === 0}
              onClick={() => setOpen({ kind: 'renew', eips: renewable })}
              data-testid="eip-renew-selected"
            >
              {t('list.renewSelected', { count: renewable.length })}
            </Button>
          </Flex>
        }
        rowSelection={{
          selectedRowKeys: selectedIds,
          onChange: setSelectedIds,
          getCheckboxProps: (eip) => ({ disabled: !eip.actions.includes('renew') }),
        }}
        emptyText={
          <RecordListEmpty
            failed={eips.isError}
            filtered={isFiltered(list.filter)}
            onRetry={() => void eips.refetch()}
            testIdPrefix="eips"
            texts={recordListTexts((key) => t(`list.${key}`))}
          >
            <Button type="primary" onClick={onBuy} data-testid="eips-empty-buy">
              {t('action.buy')}
            </Button>
          </RecordListEmpty>
        }
        tableTestId="eips-table"
      />
      {open?.kind === 'bind' ? <BindDialog eip={open.eip} onClose={close} fallback={loading} /> : null}
      {open?.kind === 'edit' ? (
        <EditDialog eip={open.eip} onClose={close} keys={payKeys} fallback={loading} />
      ) : null}
      {open?.kind === 'renew' ? (
        <RenewDialog
          eips={open.eips}
          keys={payKeys}
          onClose={() => {
            setSelectedIds([]);
            close();
          }}
          fallback={loading}
        />
      ) : null}
      {open?.kind === 'traffic' ? (
        <EipTrafficDrawer eip={open.eip} open onClose={close} fallback={<LoadingOverlay />} />
      ) : null}
    </>
  );
}
