import { useState, type Key } from 'react';
import { Button, Flex } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { Desktop } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { getIsSon } from '../../../../lib/storage';
import { recordListTexts, RecordListEmpty } from '../../../../components/list-empty';
import { AddButton } from '../../../../components/add-button';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { isFiltered } from '../../../../lib/date-range';
import { LoadingOverlay, lazyPart } from '../../../../lib/lazy-part';
import { useListFilter } from '../../../../lib/use-list-filter';
import { useClientDownloadUrl } from '../../api/desktops-connect';
import { useDesktops, type DesktopFilterQuery } from '../../api/desktops-list';
import { BatchActions } from '../components/batch-actions';
import { DesktopSearchForm } from '../components/desktop-search-form';
import { useDesktopDicts } from '../desktop-dicts';
import { toDesktopFilter, type DesktopSearchValues } from '../desktop-filter';
import { DESKTOP_BUY_PATH } from '../paths';
import { useDesktopActions } from '../use-desktop-actions';
import { useDesktopColumns } from '../use-desktop-columns';
import { useDesktopLookups } from '../use-desktop-lookups';

// The detail drawer (descriptions, the accounts' tables) loads on demand.
const DetailDrawer = lazyPart(() => import('../components/detail-drawer'), 'DetailDrawer');

function BuyButton({ testId }: { testId: string }) {
  const { t } = useTranslation('desktops');
  // A sub-account buys nothing (issue 21): its menu has no purchase page either.
  if (getIsSon()) return null;
  return <AddButton to={DESKTOP_BUY_PATH} label={t('list.buy')} testId={testId} />;
}

/** The heading's actions: the client download (when the operator set one) and the purchase. */
function HeadingActions() {
  const { t } = useTranslation('desktops');
  const clientUrl = useClientDownloadUrl();
  return (
    <Flex gap="small" wrap>
      {clientUrl.data ? (
        <Button
          icon={<DownloadOutlined />}
          href={clientUrl.data}
          target="_blank"
          rel="noreferrer"
          data-testid="desktop-download-client"
        >
          {t('list.downloadClient')}
        </Button>
      ) : null}
      <BuyButton testId="desktop-buy" />
    </Flex>
  );
}

/** Columns that start hidden, so the main ones fit a laptop screen beside the fixed actions. */
const SECONDARY_COLUMNS = ['instanceId', 'officeSite', 'endUser', 'policy', 'createdAt'];

/**
 * /cloud/cloudLis: the customer's cloud computers, filtered and paged by the server and updated
 * live while any is changing, with every operation on one desktop or a selection (spec §2, §3
 * Cloud computer, §4, §5, §7 Desktops).
 */
export function DesktopListPage() {
  const { t } = useTranslation('desktops');
  const list = useListFilter<DesktopFilterQuery>();
  const desktops = useDesktops(list.query);
  const rows = desktops.data?.list ?? [];
  const dicts = useDesktopDicts();
  const lookups = useDesktopLookups();
  const [selectedIds, setSelectedIds] = useState<Key[]>([]);
  const [detailId, setDetailId] = useState<string>();
  const detail = rows.find((desktop) => desktop.desktop_id === detailId);
  const selected = rows.filter((desktop) => selectedIds.includes(desktop.desktop_id));
  const actions = useDesktopActions({
    current: rows,
    onDetail: (desktop) => setDetailId(desktop.desktop_id),
    onBatchSent: () => setSelectedIds([]),
  });
  const columns = useDesktopColumns({
    dicts,
    lookups,
    onAction: actions.run,
    onAutoRenew: actions.setAutoRenew,
    autoRenewPending: actions.autoRenewPending,
  });
  const applyFilter = (filter: DesktopFilterQuery) => {
    setSelectedIds([]);
    list.applyFilter(filter);
  };

  return (
    <Flex vertical gap="large" data-testid="page-desktops">
      <PageHeading title={t('list.title')} subtitle={t('list.subtitle')} extra={<HeadingActions />} />
      <RecordList<Desktop, DesktopFilterQuery>
        search={
          <DesktopSearchForm
            // The list never holds deleted desktops: filtering by that status could match nothing.
            statuses={dicts.desktop_status.filter((option) => option.value !== 'deleted')}
            billingMethods={dicts.billing_method}
            onSearch={(values: DesktopSearchValues) => applyFilter(toDesktopFilter(values))}
            onReset={() => applyFilter({})}
          />
        }
        query={desktops}
        list={list}
        columns={columns}
        rowKey="desktop_id"
        initiallyHiddenColumns={SECONDARY_COLUMNS}
        actions={
          <BatchActions
            selected={selected}
            onAction={(action) => actions.runBatch(selected, action)}
            onClear={() => setSelectedIds([])}
          />
        }
        rowSelection={{
          selectedRowKeys: selectedIds,
          onChange: setSelectedIds,
          // Deleted desktops take no action.
          getCheckboxProps: (desktop) => ({ disabled: desktop.status === 'deleted' }),
        }}
        emptyText={
          <RecordListEmpty
            failed={desktops.isError}
            filtered={isFiltered(list.filter)}
            onRetry={() => void desktops.refetch()}
            testIdPrefix="desktops"
            texts={recordListTexts((key) => t(`list.${key}`))}
          >
            <BuyButton testId="desktops-empty-buy" />
          </RecordListEmpty>
        }
        tableTestId="desktops-table"
      />
      <DetailDrawer
        when={detail !== undefined}
        fallback={<LoadingOverlay />}
        desktop={detail}
        dicts={dicts}
        lookups={lookups}
        onClose={() => setDetailId(undefined)}
      />
      {actions.element}
    </Flex>
  );
}
