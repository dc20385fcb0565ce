import { Flex, Tag, Typography, type TableColumnsType } from 'antd';
import type { AdminAdPopup, AdminBanner, AdminHotGoods } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/format-time';
import { lazyDialog } from '../../../system/shared/lazy-dialog';
import { bilingualColumn, enabledColumn, imageColumn, sortColumn } from './content-columns';
import { ContentRowsTab } from './content-rows-tab';

// The dialogs (antd Form, the upload, the home page's components for the preview) load on demand.
const BannerDialog = lazyDialog(() => import('./banner-dialog'), 'BannerDialog');
const HotGoodsDialog = lazyDialog(() => import('./hot-goods-dialog'), 'HotGoodsDialog');
const PopupDialog = lazyDialog(() => import('./popup-dialog'), 'PopupDialog');

const linkColumn = <T extends { link: string }>(title: string) => ({
  key: 'link',
  title,
  responsive: ['xl' as const],
  render: (_: unknown, row: T) => (row.link ? <Typography.Text code>{row.link}</Typography.Text> : '—'),
});

export function BannersTab() {
  const { t } = useTranslation('businessContent');
  const columns: TableColumnsType<AdminBanner> = [
    imageColumn(t('image')),
    bilingualColumn(t('banner.title'), (row) => [row.titleZh, row.titleEn]),
    linkColumn<AdminBanner>(t('link')),
    sortColumn(t('sort')),
    enabledColumn('banner', t('visibility')),
  ];
  return (
    <ContentRowsTab kind="banner" columns={columns} nameOf={(row) => row.titleZh} Dialog={BannerDialog} />
  );
}

export function HotGoodsTab() {
  const { t } = useTranslation('businessContent');
  const columns: TableColumnsType<AdminHotGoods> = [
    imageColumn(t('image')),
    bilingualColumn(t('goods.name'), (row) => [row.nameZh, row.nameEn]),
    {
      key: 'price',
      title: t('goods.price'),
      render: (_, row) =>
        row.bundleId ? (
          <Flex vertical>
            <span>{t('goods.fromBundle')}</span>
            <Typography.Text type="secondary" code>
              {row.bundleId}
            </Typography.Text>
          </Flex>
        ) : (
          `$${row.price}`
        ),
    },
    linkColumn<AdminHotGoods>(t('link')),
    sortColumn(t('sort')),
    enabledColumn('hot_goods', t('visibility')),
  ];
  return (
    <ContentRowsTab kind="hot_goods" columns={columns} nameOf={(row) => row.nameZh} Dialog={HotGoodsDialog} />
  );
}

export function PopupsTab() {
  const { t } = useTranslation('businessContent');
  const columns: TableColumnsType<AdminAdPopup> = [
    imageColumn(t('image')),
    bilingualColumn(t('popup.title'), (row) => [row.titleZh, row.titleEn]),
    {
      key: 'version',
      title: t('popup.version'),
      render: (_, row) => (
        <Flex gap={4} wrap>
          <code>{row.version}</code>
          {row.current ? <Tag color="green">{t('popup.current')}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'window',
      title: t('popup.window'),
      render: (_, row) => (
        <Flex vertical style={{ whiteSpace: 'nowrap' }}>
          <span>{formatDateTime(row.startsAt)}</span>
          <span>{row.endsAt ? formatDateTime(row.endsAt) : t('popup.noEnd')}</span>
        </Flex>
      ),
    },
    sortColumn(t('sort')),
    enabledColumn('ad_popup', t('visibility')),
  ];
  return (
    <ContentRowsTab kind="ad_popup" columns={columns} nameOf={(row) => row.titleZh} Dialog={PopupDialog} />
  );
}
