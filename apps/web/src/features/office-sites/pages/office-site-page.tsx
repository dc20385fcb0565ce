import { Button, Flex, Tag, Tooltip, theme, type TableColumnsType } from 'antd';
import { InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { OfficeSite, Region } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { CopyableCode } from '../../../components/copyable-code';
import { DictTag } from '../../../components/dict-tag';
import { PageHeading } from '../../../components/page-heading';
import { RecordList } from '../../../components/record-list';
import { isFiltered } from '../../../lib/date-range';
import { useDict, type DictMap } from '../../../lib/dict-cache';
import { formatDateTime } from '../../../lib/format-time';
import { formatDollars } from '../../../lib/money';
import { regionName, useAreaList } from '../../../lib/regions';
import { LoadingDialog, LoadingOverlay, lazyPart, usePrefetchWhenIdle } from '../../../lib/lazy-part';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useListFilter } from '../../../lib/use-list-filter';
import { useOfficeSites } from '../api/list-office-sites';
import { AutoRenewSwitch } from '../components/auto-renew-switch';
import { OfficeSiteActions, type OfficeSiteDialogs } from '../components/office-site-actions';
import { OfficeSiteSearchForm } from '../components/office-site-search-form';
import { OfficeSiteStatus } from '../components/office-site-status';
import { OfficeSitesEmpty } from '../components/office-sites-empty';
import { useIntentKeys } from '../../../lib/idempotency';
import { toOfficeSiteFilter, type OfficeSiteFilterQuery } from '../office-site-filter';
import { useDialogTarget } from '../use-dialog-target';

// The dialogs and the traffic drawer load on demand (prefetched once the list is idle); the
// drawer's charts import ECharts, a large chunk, only when it draws.
const BuyOfficeSiteDialog = lazyPart(
  () => import('../components/buy-office-site-dialog'),
  'BuyOfficeSiteDialog',
);
const UpgradeDialog = lazyPart(() => import('../components/upgrade-dialog'), 'UpgradeDialog');
const RenameDialog = lazyPart(() => import('../components/rename-dialog'), 'RenameDialog');
const TrafficDrawer = lazyPart(() => import('../components/traffic-drawer'), 'TrafficDrawer');

const DICTS = ['office_site_status', 'resource_status', 'billing_method'] as const;
type OfficeSiteDicts = DictMap<(typeof DICTS)[number]>;

/** A muted dash with the reason beside it, for what the free network does not have. */
function Absent({ reason, testId }: { reason: string; testId: string }) {
  const { token } = theme.useToken();
  return (
    <Tooltip title={reason}>
      <Flex
        align="center"
        gap={4}
        style={{ color: token.colorTextTertiary, whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        <span>—</span>
        <InfoCircleOutlined aria-label={reason} />
      </Flex>
    </Tooltip>
  );
}

/** The name with the free network's badge, and the copyable id under it. */
function SiteName({ site }: { site: OfficeSite }) {
  const { t } = useTranslation('officeSites');
  const { token } = theme.useToken();
  return (
    <Flex vertical gap={2}>
      <Flex align="center" gap={6} wrap={false}>
        <span style={{ whiteSpace: 'nowrap', fontWeight: token.fontWeightStrong }}>{site.name}</span>
        {site.is_default ? (
          <Tooltip title={t('page.defaultHint')}>
            <Tag color="green" style={{ marginInlineEnd: 0 }} data-testid="office-site-default">
              {t('page.default')}
            </Tag>
          </Tooltip>
        ) : null}
      </Flex>
      <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
        <CopyableCode value={site.office_site_id} copyLabel={t('page.copyId')} />
      </span>
    </Flex>
  );
}

function SiteIp({ site }: { site: OfficeSite }) {
  const { t } = useTranslation('officeSites');
  if (site.is_default) return <Absent reason={t('page.ipHidden')} testId="office-site-ip-hidden" />;
  if (!site.ip) return <span>—</span>;
  return <CopyableCode value={site.ip} copyLabel={t('page.copyIp')} />;
}

function SiteBilling({
  site,
  billingMethods,
}: {
  site: OfficeSite;
  billingMethods: OfficeSiteDicts['billing_method'];
}) {
  const { t } = useTranslation('officeSites');
  const { token } = theme.useToken();
  if (site.is_default) return <Tag style={{ marginInlineEnd: 0 }}>{t('page.free')}</Tag>;
  return (
    <Flex vertical gap={2}>
      <DictTag options={billingMethods} value={site.billing_method} />
      {site.expire_time ? (
        <span style={{ color: token.colorTextSecondary, whiteSpace: 'nowrap', fontSize: token.fontSizeSM }}>
          {t('page.expires', { time: formatDateTime(site.expire_time) })}
        </span>
      ) : null}
    </Flex>
  );
}

function useColumns(
  dicts: OfficeSiteDicts,
  regions: readonly Region[],
  dialogs: OfficeSiteDialogs,
  compact: boolean,
): TableColumnsType<OfficeSite> {
  const { t } = useTranslation('officeSites');
  const regionLabel = (id: number | null) => {
    const region = regions.find((candidate) => candidate.id === id);
    return region ? regionName(region) : id === null ? '—' : `#${id}`;
  };
  return [
    { key: 'name', title: t('column.name'), render: (_, site) => <SiteName site={site} /> },
    {
      key: 'region',
      title: t('column.region'),
      render: (_, site) => <span style={{ whiteSpace: 'nowrap' }}>{regionLabel(site.region_id)}</span>,
    },
    {
      key: 'bandwidth',
      title: t('column.bandwidth'),
      render: (_, site) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {site.is_default ? t('page.freeBandwidth') : `${site.bandwidth} Mbps`}
        </span>
      ),
    },
    {
      key: 'status',
      title: t('column.status'),
      render: (_, site) => (
        <OfficeSiteStatus
          site={site}
          statuses={dicts.office_site_status}
          resourceStatuses={dicts.resource_status}
        />
      ),
    },
    { key: 'ip', title: t('column.ip'), render: (_, site) => <SiteIp site={site} /> },
    { key: 'desktops', title: t('column.desktops'), align: 'right', dataIndex: 'desktop_count' },
    {
      key: 'billing',
      title: t('column.billing'),
      render: (_, site) => <SiteBilling site={site} billingMethods={dicts.billing_method} />,
    },
    { key: 'autoRenew', title: t('column.autoRenew'), render: (_, site) => <AutoRenewSwitch site={site} /> },
    {
      key: 'trafficPrice',
      title: t('column.trafficPrice'),
      render: (_, site) =>
        site.traffic_price === null ? (
          <Absent reason={t('block.freeNoTraffic')} testId="office-site-traffic-free" />
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>
            {t('page.perGb', { price: formatDollars(site.traffic_price) })}
          </span>
        ),
    },
    {
      key: 'createdAt',
      title: t('column.createdAt'),
      render: (_, site) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(site.created_at)}</span>,
    },
    {
      key: 'actions',
      title: t('column.actions'),
      // The actions stay in view while the table scrolls sideways (on a phone: one small menu button).
      fixed: 'right',
      render: (_, site) => <OfficeSiteActions site={site} dialogs={dialogs} compact={compact} />,
    },
  ];
}

/** Columns that start hidden (the column choice shows them): on a phone, all but the essentials. */
const SECONDARY_COLUMNS = ['createdAt'];
const PHONE_HIDDEN_COLUMNS = [
  'region',
  'bandwidth',
  'ip',
  'desktops',
  'billing',
  'autoRenew',
  'trafficPrice',
  'createdAt',
];

/**
 * /zqgl/officenetwork: the customer's office networks (spec §2 Cloud network menu, §3 Office
 * network, §5, §7 Office site): filtered and paged by the server, followed live while one is
 * made or released; buy, upgrade, rename, auto-renew, release and traffic.
 */
export function OfficeSitePage() {
  const { t } = useTranslation('officeSites');
  const list = useListFilter<OfficeSiteFilterQuery>();
  const sites = useOfficeSites(list.query);
  const dicts = useDict(...DICTS);
  const regions = useAreaList();
  const buying = useDialogTarget<true>();
  // Outlives the buy dialog (made anew at every opening): a purchase retried after a timeout, even
  // from a reopened dialog, carries its first key and is charged at most once.
  const purchaseKeys = useIntentKeys();
  const upgrading = useDialogTarget<OfficeSite>();
  const renaming = useDialogTarget<OfficeSite>();
  const watching = useDialogTarget<OfficeSite>();
  usePrefetchWhenIdle(BuyOfficeSiteDialog, UpgradeDialog, RenameDialog, TrafficDrawer);
  const isMobile = useIsMobile();
  const columns = useColumns(
    dicts,
    regions,
    {
      upgrade: upgrading.show,
      rename: renaming.show,
      traffic: watching.show,
    },
    isMobile,
  );
  const openBuy = () => buying.show(true);

  return (
    <Flex vertical gap="large" data-testid="page-office-sites">
      <PageHeading title={t('page.title')} subtitle={t('page.subtitle')} />
      <RecordList
        search={
          <OfficeSiteSearchForm
            regions={regions.map((region) => ({ value: region.id, label: regionName(region) }))}
            statuses={dicts.office_site_status}
            onSearch={(values) => list.applyFilter(toOfficeSiteFilter(values))}
            onReset={() => list.applyFilter({})}
          />
        }
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={openBuy} data-testid="office-buy-open">
            {t('action.buy')}
          </Button>
        }
        query={sites}
        list={list}
        columns={columns}
        rowKey="office_site_id"
        initiallyHiddenColumns={isMobile ? PHONE_HIDDEN_COLUMNS : SECONDARY_COLUMNS}
        emptyText={
          <OfficeSitesEmpty
            failed={sites.isError}
            filtered={isFiltered(list.filter)}
            onRetry={() => void sites.refetch()}
            onBuy={openBuy}
          />
        }
        tableTestId="office-sites-table"
      />
      {buying.target ? (
        <BuyOfficeSiteDialog
          key={buying.key}
          open={buying.open}
          onClose={buying.close}
          intent={purchaseKeys}
          fallback={<LoadingDialog open={buying.open} onCancel={buying.close} />}
        />
      ) : null}
      {upgrading.target ? (
        <UpgradeDialog
          key={upgrading.key}
          site={upgrading.target}
          open={upgrading.open}
          onClose={upgrading.close}
          fallback={<LoadingDialog open={upgrading.open} onCancel={upgrading.close} />}
        />
      ) : null}
      {renaming.target ? (
        <RenameDialog
          key={renaming.key}
          site={renaming.target}
          open={renaming.open}
          onClose={renaming.close}
          fallback={<LoadingDialog open={renaming.open} onCancel={renaming.close} />}
        />
      ) : null}
      {watching.target ? (
        <TrafficDrawer
          key={watching.key}
          site={watching.target}
          open={watching.open}
          onClose={watching.close}
          fallback={watching.open ? <LoadingOverlay /> : null}
        />
      ) : null}
    </Flex>
  );
}
