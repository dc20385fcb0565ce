import { useState, type Key } from 'react';
import { Button, Empty, Flex, theme } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import type { Desktop } from '@cloudbay/contracts';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '../../../../components/list-empty';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { isFiltered } from '../../../../lib/date-range';
import { useListFilter } from '../../../../lib/use-list-filter';
import { useClientDownloadUrl } from '../../api/desktops-connect';
import { useDesktops, type DesktopFilterQuery } from '../../api/desktops-list';
import { BatchActions } from '../components/batch-actions';
import { DesktopSearchForm } from '../components/desktop-search-form';
import { DetailDrawer } from '../components/detail-drawer';
import { useDesktopDicts } from '../desktop-dicts';
import { toDesktopFilter, type DesktopSearchValues } from '../desktop-filter';
import { DESKTOP_BUY_PATH } from '../paths';
import { useDesktopActions } from '../use-desktop-actions';
import { useDesktopColumns } from '../use-desktop-columns';
import { useDesktopLookups } from '../use-desktop-lookups';

function BuyButton({ testId }: { testId: string }) {
  const { t } = useTranslation('desktops');
  const navigate = useNavigate();
  return (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => void navigate(DESKTOP_BUY_PATH)}
      data-testid={testId}
    >
      {t('list.buy')}
    </Button>
  );
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

/** What the table shows without rows: the load error, no match for the filters, or no desktops yet. */
function DesktopsEmpty({
  failed,
  filtered,
  onRetry,
}: {
  failed: boolean;
  filtered: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation('desktops');
  const { token } = theme.useToken();
  if (failed)
    return (
      <ListEmpty description={t('list.loadFailed')} testId="desktops-error">
        <Button onClick={onRetry}>{t('list.retry')}</Button>
      </ListEmpty>
    );
  if (filtered) return <ListEmpty description={t('list.emptyFiltered')} testId="desktops-empty" />;
  return (
    <Empty
      description={
        <Flex vertical gap={4} align="center">
          <span style={{ color: token.colorText, fontWeight: token.fontWeightStrong }}>
            {t('list.empty')}
          </span>
          <span style={{ color: token.colorTextSecondary, maxWidth: 440 }}>{t('list.emptyHint')}</span>
        </Flex>
      }
      data-testid="desktops-empty"
    >
      <BuyButton testId="desktops-empty-buy" />
    </Empty>
  );
}

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
            statuses={dicts.desktop_status}
            billingMethods={dicts.billing_method}
            onSearch={(values: DesktopSearchValues) => applyFilter(toDesktopFilter(values))}
            onReset={() => applyFilter({})}
          />
        }
        query={desktops}
        list={list}
        columns={columns}
        rowKey="desktop_id"
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
          <DesktopsEmpty
            failed={desktops.isError}
            filtered={isFiltered(list.filter)}
            onRetry={() => void desktops.refetch()}
          />
        }
        tableTestId="desktops-table"
      />
      <DetailDrawer
        desktop={rows.find((desktop) => desktop.desktop_id === detailId)}
        dicts={dicts}
        lookups={lookups}
        onClose={() => setDetailId(undefined)}
      />
      {actions.element}
    </Flex>
  );
}
