import { useState, type Key } from 'react';
import { Flex, Segmented, Skeleton } from 'antd';
import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Phone } from '@cloudbay/contracts';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { recordListTexts, RecordListEmpty } from '../../../components/list-empty';
import { AddButton } from '../../../components/add-button';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { isFiltered } from '../../../lib/date-range';
import { lazyPart } from '../../../lib/lazy-part';
import { getIsSon, readItem, StorageKey, writeItem } from '../../../lib/storage';
import { useListFilter } from '../../../lib/use-list-filter';
import { usePhoneGroupOptions } from '../api/phone-group-options';
import { usePhones, type PhoneFilterQuery } from '../api/phones-list';
import { PHONE_BUY_PATH } from '../paths';
import { PhoneBatchActions } from './phone-batch-actions';
import { toPhoneFilter, type PhoneSearchValues } from './phone-filter';
import { PhoneSearchForm } from './phone-search-form';
import { usePhoneActions } from './use-phone-actions';
import { usePhoneColumns } from './use-phone-columns';

// Not the list's first screen on most visits, so they load on demand: the card view (antd
// Descriptions and the grid) behind the cards' own loading skeleton, and the purchase notice (antd
// Alert) with its line's height held. Both are prefetched once the list is idle.
const PhoneCards = lazyPart(() => import('./phone-cards'), 'PhoneCards');
const Alert = lazyPart(() => import('../../../components/antd-alert'), 'Alert');

type ListView = 'table' | 'cards';

/** The remembered view (local storage `phone-list-view`); the table unless cards were chosen. */
export function storedListView(): ListView {
  return readItem(StorageKey.phoneListView) === 'cards' ? 'cards' : 'table';
}

function BuyButton({ testId }: { testId: string }) {
  const { t } = useTranslation('phones');
  // A sub-account buys nothing (issue 21): its menu has no purchase page either.
  if (getIsSon()) return null;
  return <AddButton to={PHONE_BUY_PATH} label={t('list.buy')} testId={testId} />;
}

function ViewSwitch({ value, onChange }: { value: ListView; onChange: (view: ListView) => void }) {
  const { t } = useTranslation('phones');
  return (
    <Segmented<ListView>
      value={value}
      onChange={onChange}
      options={[
        { value: 'table', icon: <UnorderedListOutlined />, label: t('list.view.table') },
        { value: 'cards', icon: <AppstoreOutlined />, label: t('list.view.cards') },
      ]}
      data-testid="phone-view"
    />
  );
}

/** Columns that start hidden, so the main ones fit a laptop screen beside the fixed actions. */
const SECONDARY_COLUMNS = ['createdAt'];

/**
 * /phone/list: the customer's cloud phones, filtered and paged by the server, as a table or as
 * cards, updated live while any is changing, with every operation on one phone or a selection
 * (spec §2, §3 Cloud phone, §4 Phone operations, §7 Cloud phone).
 */
export function PhoneListPage() {
  const { t } = useTranslation('phones');
  const location = useLocation();
  const list = useListFilter<PhoneFilterQuery>();
  const phones = usePhones(list.query);
  const rows = phones.data?.list ?? [];
  const groups = usePhoneGroupOptions().data?.list;
  const [view, setView] = useState<ListView>(storedListView);
  const [selectedIds, setSelectedIds] = useState<Key[]>([]);
  // The purchase page hands over the phones it bought: they are at the top of the first page.
  const [bought, setBought] = useState<readonly string[] | undefined>(
    () => (location.state as { bought?: string[] } | null)?.bought,
  );
  const selected = rows.filter((phone) => selectedIds.includes(phone.id));
  const actions = usePhoneActions({ current: rows, groups, onBatchSent: () => setSelectedIds([]) });
  const columns = usePhoneColumns({
    groups,
    onChoose: actions.choose,
    connectingId: actions.connectingId,
    onAutoRenew: actions.setAutoRenew,
    autoRenewPending: actions.autoRenewPending,
  });
  const applyFilter = (filter: PhoneFilterQuery) => {
    setSelectedIds([]);
    list.applyFilter(filter);
  };
  const changeView = (next: ListView) => {
    writeItem(StorageKey.phoneListView, next);
    setView(next);
  };
  const empty = (
    <RecordListEmpty
      failed={phones.isError}
      filtered={isFiltered(list.filter)}
      onRetry={() => void phones.refetch()}
      testIdPrefix="phones"
      texts={recordListTexts((key) => t(`list.${key}`))}
    >
      <BuyButton testId="phones-empty-buy" />
    </RecordListEmpty>
  );

  return (
    <Flex vertical gap="large" data-testid="page-phones">
      <PageHeading
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        extra={<BuyButton testId="phone-buy" />}
      />
      {bought?.length ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setBought(undefined) }}
          title={t('list.bought', { count: bought.length })}
          data-testid="phones-bought"
          fallback={<div style={{ minHeight: 40 }} />}
        />
      ) : null}
      <RecordList<Phone, PhoneFilterQuery>
        search={
          <PhoneSearchForm
            groups={groups}
            onSearch={(values: PhoneSearchValues) => applyFilter(toPhoneFilter(values))}
            onReset={() => applyFilter({})}
          />
        }
        query={phones}
        list={list}
        columns={columns}
        rowKey="id"
        initiallyHiddenColumns={SECONDARY_COLUMNS}
        actions={
          <Flex gap="small" wrap align="center">
            <ViewSwitch value={view} onChange={changeView} />
            <PhoneBatchActions
              selectedCount={selected.length}
              onAction={(action) => actions.runBatch(selected, action)}
              onClear={() => setSelectedIds([])}
            />
          </Flex>
        }
        rowSelection={{
          selectedRowKeys: selectedIds,
          onChange: setSelectedIds,
          getCheckboxProps: (phone) => ({ disabled: phone.status === 'deleted' }),
        }}
        view={
          view === 'cards' ? (
            <PhoneCards
              phones={rows}
              loading={phones.isPending || (phones.isFetching && phones.isPlaceholderData)}
              groups={groups}
              selectedIds={selectedIds as string[]}
              onSelect={(id, on) =>
                setSelectedIds((ids) => (on ? [...ids, id] : ids.filter((other) => other !== id)))
              }
              onChoose={actions.choose}
              connectingId={actions.connectingId}
              empty={empty}
              fallback={<Skeleton active paragraph={{ rows: 6 }} data-testid="phone-cards-loading" />}
            />
          ) : undefined
        }
        emptyText={empty}
        tableTestId="phones-table"
      />
      {actions.element}
    </Flex>
  );
}
