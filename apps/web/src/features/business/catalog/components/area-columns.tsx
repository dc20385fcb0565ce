import type { ReactNode } from 'react';
import { App, Switch, Tag, type TableColumnsType, type TableColumnType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { CATALOG_TABLE_AREAS } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../../lib/access';
import { actionsColumn } from '../../../system/shared/admin-list';
import { useConfirm } from '../../../system/shared/confirm';
import { PermittedLink } from '../../../system/shared/row-actions';
import { useSaveCatalogChange, type CatalogRows, type TableArea } from '../api/catalog';

export const EDIT_PERMISSION = 'business:catalog:edit';

/** A row's name in the operator's language (rows without names show their key). */
export function useRowName() {
  const { i18n } = useTranslation();
  const zh = i18n.language === 'zh-CN';
  return (row: object): string => {
    const named = row as { nameZh?: string; nameEn?: string };
    if (named.nameZh !== undefined) return (zh ? named.nameZh : named.nameEn) ?? '';
    const other = row as { key?: string; period?: number; typeId?: string };
    return other.typeId ?? other.key ?? String(other.period ?? '');
  };
}

/** Areas whose rows can be taken off sale. */
export const SWITCHABLE: readonly TableArea[] = CATALOG_TABLE_AREAS.filter(
  (area) => area !== 'discount' && area !== 'unitPrice',
);

/** The On-sale switch: asks first (taking a row off sale hides it from customers). */
function useEnabledColumn(area: TableArea) {
  const { t } = useTranslation('businessCatalog');
  const { message } = App.useApp();
  const { hasPermi } = useAccess();
  const confirm = useConfirm();
  const save = useSaveCatalogChange();
  const nameOf = useRowName();
  const toggle = (row: { id: number; enabled: boolean }, on: boolean) =>
    confirm({
      title: on ? t('enableTitle') : t('disableTitle'),
      content: on ? t('enableConfirm', { name: nameOf(row) }) : t('disableConfirm', { name: nameOf(row) }),
      okText: on ? t('enable') : t('disable'),
      run: () =>
        save
          .mutateAsync({ area, id: row.id, patch: { enabled: on } } as Parameters<typeof save.mutateAsync>[0])
          .then(() => void message.success(on ? t('enabled') : t('disabled'))),
    });
  return {
    key: 'enabled',
    title: t('col.enabled'),
    render: (_: unknown, row: { id: number; enabled: boolean }) =>
      hasPermi(EDIT_PERMISSION) ? (
        <Switch
          checked={row.enabled}
          onChange={(on) => toggle(row, on)}
          aria-label={t('switchLabel', { name: nameOf(row) })}
          data-testid={`catalog-${area}-enabled-${row.id}`}
        />
      ) : (
        <Tag color={row.enabled ? 'green' : 'default'}>{row.enabled ? t('enabled') : t('disabled')}</Tag>
      ),
  };
}

const dollars = (value: string) => `$${value}`;
type Responsive = TableColumnType<never>['responsive'];
const MD: Responsive = ['md'];
// Beside the sidebar a 1280 px screen leaves the table about 1000 px: ids, upstream region ids and
// the display order show from xxl (1600 px) on, so the On-sale switch is not under the actions.
const XXL: Responsive = ['xxl'];

/** Each area's columns (RuoYi's table of the record), its On-sale switch and Edit link. */
export function useAreaColumns<A extends TableArea>(
  area: A,
  onEdit: (row: CatalogRows[A]) => void,
): TableColumnsType<CatalogRows[A]> {
  const { t } = useTranslation('businessCatalog');
  const enabled = useEnabledColumn(area);
  const gib = (count: number) => t('gib', { count });
  const names = [
    { key: 'nameZh', title: t('col.nameZh'), dataIndex: 'nameZh' },
    { key: 'nameEn', title: t('col.nameEn'), dataIndex: 'nameEn', responsive: MD },
  ];
  const sort = {
    key: 'sort',
    title: t('col.sort'),
    dataIndex: 'sort',
    width: 80,
    responsive: XXL,
  };
  const costs = [
    {
      key: 'monthlyCost',
      title: t('col.monthlyCost'),
      render: (_: unknown, r: { monthlyCost: string }) => dollars(r.monthlyCost),
    },
    {
      key: 'hourlyCost',
      title: t('col.hourlyCost'),
      render: (_: unknown, r: { hourlyCost: string }) => dollars(r.hourlyCost),
    },
  ];
  const edit = actionsColumn<CatalogRows[A]>(t('col.actions'), (row) => (
    <PermittedLink
      permission={EDIT_PERMISSION}
      icon={<EditOutlined />}
      label={t('edit')}
      onClick={() => onEdit(row)}
      testId={`catalog-${area}-edit-${(row as { id: number }).id}`}
    />
  ));
  const byArea: Record<TableArea, TableColumnsType<never>> = {
    region: [
      { key: 'id', title: t('col.id'), dataIndex: 'id', width: 72, responsive: XXL },
      {
        key: 'kind',
        title: t('col.kind'),
        render: (_, r: CatalogRows['region']) => t(`kinds.${r.kind as 'desktop'}`),
      },
      ...names,
      { key: 'wyRegionId', title: t('col.wyRegionId'), dataIndex: 'wyRegionId', responsive: XXL },
      {
        key: 'priceFactor',
        title: t('col.priceFactor'),
        render: (_, r: CatalogRows['region']) => `${r.priceFactorPercent}%`,
      },
      sort,
      enabled,
    ],
    bundleType: [
      { key: 'key', title: t('col.key'), dataIndex: 'key' },
      ...names,
      { key: 'typeCount', title: t('col.typeCount'), dataIndex: 'typeCount' },
      sort,
      enabled,
    ],
    bundle: [
      { key: 'bundleId', title: t('col.bundleId'), dataIndex: 'bundleId', responsive: XXL },
      ...names,
      { key: 'desktopType', title: t('col.typeId'), dataIndex: 'desktopType', responsive: MD },
      { key: 'bundleType', title: t('col.bundleType'), dataIndex: 'bundleType', responsive: XXL },
      {
        key: 'defaultDisk',
        title: t('col.defaultDisk'),
        responsive: ['lg'],
        render: (_, r: CatalogRows['bundle']) => gib(r.defaultSystemDiskGib),
      },
      {
        key: 'defaultImage',
        title: t('col.defaultImage'),
        responsive: XXL,
        render: (_, r: CatalogRows['bundle']) => r.defaultImageId ?? '—',
      },
      sort,
      enabled,
    ],
    desktopType: [
      { key: 'typeId', title: t('col.typeId'), dataIndex: 'typeId' },
      { key: 'bundleType', title: t('col.bundleType'), dataIndex: 'bundleType', responsive: ['md'] },
      { key: 'cpu', title: t('col.cpu'), dataIndex: 'cpu', width: 72 },
      {
        key: 'memory',
        title: t('col.memory'),
        render: (_, r: CatalogRows['desktopType']) => gib(r.memoryGib),
      },
      {
        key: 'gpu',
        title: t('col.gpu'),
        responsive: ['lg'],
        render: (_, r: CatalogRows['desktopType']) => (r.gpuGib === null ? '—' : gib(r.gpuGib)),
      },
      ...costs,
      sort,
      enabled,
    ],
    image: [
      { key: 'imageId', title: t('col.imageId'), dataIndex: 'imageId', responsive: ['md'] },
      ...names,
      { key: 'platform', title: t('col.platform'), dataIndex: 'platformType' },
      { key: 'os', title: t('col.os'), dataIndex: 'osName', responsive: ['lg'] },
      {
        key: 'minDisk',
        title: t('col.minDisk'),
        responsive: ['lg'],
        render: (_, r: CatalogRows['image']) => gib(r.minSystemDiskGib),
      },
      sort,
      enabled,
    ],
    phoneSpec: [
      { key: 'specId', title: t('col.specId'), dataIndex: 'specId', responsive: ['md'] },
      ...names,
      { key: 'cpu', title: t('col.cpu'), dataIndex: 'cpu', width: 72, responsive: ['lg'] },
      {
        key: 'memory',
        title: t('col.memory'),
        responsive: ['lg'],
        render: (_, r: CatalogRows['phoneSpec']) => gib(r.memoryGib),
      },
      { key: 'resolution', title: t('col.resolution'), dataIndex: 'resolution', responsive: ['xl'] },
      ...costs,
      sort,
      enabled,
    ],
    phoneImage: [
      { key: 'imageId', title: t('col.imageId'), dataIndex: 'imageId', responsive: ['md'] },
      ...names,
      { key: 'android', title: t('col.android'), dataIndex: 'androidVersion' },
      sort,
      enabled,
    ],
    discount: [
      {
        key: 'period',
        title: t('col.period'),
        render: (_, r: CatalogRows['discount']) => t('months', { count: r.period }),
      },
      {
        key: 'discount',
        title: t('col.discount'),
        render: (_, r: CatalogRows['discount']) => `${r.discountPercent}%`,
      },
      {
        key: 'phDiscount',
        title: t('col.phDiscount'),
        render: (_, r: CatalogRows['discount']) => `${r.phDiscountPercent}%`,
      },
    ],
    unitPrice: [
      {
        key: 'unitKey',
        title: t('col.unitKey'),
        render: (_, r: CatalogRows['unitPrice']) => <UnitName unitKey={r.key} />,
      },
      { key: 'cost', title: t('col.cost'), render: (_, r: CatalogRows['unitPrice']) => dollars(r.cost) },
      { key: 'unit', title: t('col.unit'), render: (_, r: CatalogRows['unitPrice']) => <UnitOf row={r} /> },
    ],
  };
  return [...(byArea[area] as TableColumnsType<CatalogRows[A]>), edit];
}

/** A unit price's item, named (an item the web does not know shows its key). */
export function UnitName({ unitKey }: { unitKey: string }): ReactNode {
  const { t, i18n } = useTranslation('businessCatalog');
  const key = `units.${unitKey}`;
  return i18n.exists(key, { ns: 'businessCatalog' }) ? t(key as 'units.traffic_gb') : unitKey;
}

/** What one unit is, in the operator's language. */
export function UnitOf({ row }: { row: CatalogRows['unitPrice'] }): ReactNode {
  const { i18n } = useTranslation();
  return i18n.language === 'zh-CN' ? row.unitZh : row.unitEn;
}
