import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Skeleton, Tabs, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../components/access-guards';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { SelectField } from '../../../../components/search-form';
import { useListFilter } from '../../../../lib/use-list-filter';
import { usePageQuery } from '../../../../lib/use-page-query';
import { AdminSearch } from '../../../system/shared/admin-list';
import { AdminListEmpty } from '../../../system/shared/list-empty';
import {
  useCatalogList,
  useMarkup,
  type CatalogFilter,
  type CatalogRows,
  type TableArea,
} from '../api/catalog';
import { EDIT_PERMISSION, useAreaColumns } from '../components/area-columns';
import { CatalogEditDialog, type Editing } from '../components/catalog-edit-dialog';
import { PricePreview } from '../components/price-preview';

const TABLE_AREAS: TableArea[] = [
  'region',
  'bundleType',
  'desktopType',
  'image',
  'phoneSpec',
  'phoneImage',
  'discount',
  'unitPrice',
];

/** The filters of the areas that have some (RuoYi's search card); the others list everything. */
function AreaSearch({
  area,
  list,
}: {
  area: TableArea;
  list: ReturnType<typeof useListFilter<CatalogFilter>>;
}) {
  const { t } = useTranslation('businessCatalog');
  const families = useCatalogList('bundleType', { page: 1, limit: 50 }, area === 'desktopType');
  const field = {
    region: (
      <SelectField
        name="kind"
        label={t('search.kind')}
        options={[
          { value: 'desktop', label: t('kinds.desktop') },
          { value: 'phone', label: t('kinds.phone') },
        ]}
        testId="catalog-search-kind"
      />
    ),
    desktopType: (
      <SelectField
        name="bundleType"
        label={t('search.bundleType')}
        options={(families.data?.list ?? []).map((f) => ({ value: f.key, label: f.key }))}
        testId="catalog-search-family"
      />
    ),
    image: (
      <SelectField
        name="platformType"
        label={t('search.platform')}
        options={['Windows', 'Linux'].map((p) => ({ value: p, label: p }))}
        testId="catalog-search-platform"
      />
    ),
  }[area as 'region'];
  if (!field) return null;
  return (
    <AdminSearch<CatalogFilter, CatalogFilter> list={list} toFilter={(v) => v} testId="catalog-search">
      {field}
    </AdminSearch>
  );
}

/** One catalogue area: its filters, its table (paged by the server), its edits. */
function AreaTab<A extends TableArea>({ area, onEdit }: { area: A; onEdit: (editing: Editing) => void }) {
  const { t } = useTranslation('businessCatalog');
  const list = useListFilter<CatalogFilter>();
  const query = useCatalogList(area, list.query);
  const columns = useAreaColumns(area, (row) => onEdit({ area, row } as Editing));
  return (
    <RecordList<CatalogRows[A], CatalogFilter>
      search={<AreaSearch area={area} list={list} />}
      query={query}
      list={list}
      columns={columns}
      rowKey="id"
      tableTestId={`catalog-${area}-table`}
      emptyText={
        <AdminListEmpty
          query={query}
          filter={list.filter}
          text={() => t('empty')}
          testIdPrefix={`catalog-${area}`}
        />
      }
    />
  );
}

/** The markup: one setting, with the formula it enters and the preview of a standing quote. */
function MarkupTab({ onEdit }: { onEdit: (editing: Editing) => void }) {
  const { t } = useTranslation('businessCatalog');
  const markup = useMarkup();
  return (
    <Flex vertical gap="middle">
      <Card>
        {markup.data ? (
          <Descriptions column={1} data-testid="catalog-markup">
            <Descriptions.Item label={t('markup.current')}>
              <Typography.Text strong data-testid="catalog-markup-value">
                {markup.data.markupPercent}%
              </Typography.Text>
              <HasPermi value={[EDIT_PERMISSION]}>
                <Button
                  type="link"
                  icon={<EditOutlined />}
                  onClick={() => onEdit({ area: 'markup', row: markup.data })}
                  data-testid="catalog-markup-edit"
                >
                  {t('edit')}
                </Button>
              </HasPermi>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Skeleton active paragraph={{ rows: 1 }} />
        )}
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('markup.help')}
        </Typography.Paragraph>
      </Card>
      <HasPermi value={[EDIT_PERMISSION]}>
        <PricePreview start={{ product: 'desktop' }} />
      </HasPermi>
    </Flex>
  );
}

/**
 * /business/catalog (issue 18): every catalogue area in a tab, RuoYi-style tables with an On-sale
 * switch and an edit dialog (with the price preview of the pending change), and the markup.
 */
export function CatalogPage() {
  const { t } = useTranslation('businessCatalog');
  const [editing, setEditing] = useState<Editing>();
  const [tab, setTab] = useState<string>('region');
  // The page number in the URL belongs to the tab's list: another tab starts at its first page.
  const { resetPage } = usePageQuery();
  return (
    <Flex vertical gap="large" data-testid="page-business-catalog">
      <PageHeading title={t('title')} subtitle={t('subtitle')} />
      <Alert type="info" showIcon message={t('newQuotesOnly')} data-testid="catalog-new-quotes-only" />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setTab(key);
          resetPage();
        }}
        destroyOnHidden
        items={[
          ...TABLE_AREAS.map((area) => ({
            key: area,
            label: <span data-testid={`catalog-tab-${area}`}>{t(`tabs.${area}`)}</span>,
            children: (
              <Flex vertical gap="large">
                <AreaTab area={area} onEdit={setEditing} />
              </Flex>
            ),
          })),
          {
            key: 'markup',
            label: <span data-testid="catalog-tab-markup">{t('tabs.markup')}</span>,
            children: <MarkupTab onEdit={setEditing} />,
          },
        ]}
      />
      <CatalogEditDialog editing={editing} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}
