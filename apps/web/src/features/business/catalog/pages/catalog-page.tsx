import { useState } from 'react';
import { Alert, Flex } from 'antd';
import { CATALOG_TABLE_AREAS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../../components/page-heading';
import { RecordList } from '../../../../components/record-list';
import { SelectField } from '../../../../components/search-form';
import { useListFilter } from '../../../../lib/use-list-filter';
import { usePageQuery } from '../../../../lib/use-page-query';
import { AdminSearch } from '../../../system/shared/admin-list';
import { AdminListEmpty } from '../../../system/shared/list-empty';
import { useCatalogList, type CatalogFilter, type CatalogRows, type TableArea } from '../api/catalog';
import { lazyPart } from '../../../../lib/lazy-part';
import { lazyDialog } from '../../../system/shared/lazy-dialog';
import { useAreaColumns, useRowName } from '../components/area-columns';
import type { Editing } from '../components/catalog-edit-dialog';

// What the first screen does not show loads on demand: the tabs (with the lists), the markup tab
// with its preview, and the edit dialog (antd's Form, the preview).
const Tabs = lazyPart(() => import('../../../../components/antd-tabs'), 'Tabs');
const MarkupTab = lazyPart(() => import('../components/markup-tab'), 'MarkupTab');
const CatalogEditDialog = lazyDialog(() => import('../components/catalog-edit-dialog'), 'CatalogEditDialog');

/** The areas with a filter: the others list everything, without a search card. */
const FILTERED_AREAS = new Set<TableArea>(['region', 'bundle', 'desktopType', 'image']);

/** The filters of the areas that have some (RuoYi's search card); the others list everything. */
function AreaSearch({
  area,
  list,
}: {
  area: TableArea;
  list: ReturnType<typeof useListFilter<CatalogFilter>>;
}) {
  const { t } = useTranslation('businessCatalog');
  const families = useCatalogList(
    'bundleType',
    { page: 1, limit: 50 },
    area === 'desktopType' || area === 'bundle',
  );
  const nameOf = useRowName();
  const familyFilter: [keyof CatalogFilter, string, { value: string; label: string }[]] = [
    'bundleType',
    t('search.bundleType'),
    (families.data?.list ?? []).map((f) => ({ value: f.key, label: nameOf(f) })),
  ];
  // Each filtered area's one filter: its field name, label and options.
  const areaFilters: Partial<
    Record<TableArea, [keyof CatalogFilter, string, { value: string; label: string }[]]>
  > = {
    region: [
      'kind',
      t('search.kind'),
      (['desktop', 'phone'] as const).map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })),
    ],
    bundle: familyFilter,
    desktopType: familyFilter,
    image: ['platformType', t('search.platform'), ['Windows', 'Linux'].map((p) => ({ value: p, label: p }))],
  };
  const filter = areaFilters[area];
  const field = filter ? (
    <SelectField
      name={filter[0]}
      label={filter[1]}
      options={filter[2]}
      testId={`catalog-search-${filter[0]}`}
    />
  ) : null;
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
      search={FILTERED_AREAS.has(area) ? <AreaSearch area={area} list={list} /> : null}
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
          ...CATALOG_TABLE_AREAS.map((area) => ({
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
      <CatalogEditDialog
        open={editing !== undefined}
        editing={editing}
        onClose={() => setEditing(undefined)}
      />
    </Flex>
  );
}
