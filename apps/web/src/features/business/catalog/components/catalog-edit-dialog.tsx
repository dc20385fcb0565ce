import { useEffect, useMemo, type ReactNode } from 'react';
import { App, Alert, Form, Input, InputNumber, Select, Switch } from 'antd';
import type { CatalogChange } from '@cloudbay/contracts';
import {
  MAX_PRICE_FACTOR_PERCENT,
  SYSTEM_DISK_MAX_GIB,
  SYSTEM_DISK_MIN_GIB,
  SYSTEM_DISK_STEP_GIB,
} from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { SubmitDialog } from '../../../system/shared/submit-dialog';
import { useCatalogList, useSaveCatalogChange, type CatalogRows, type TableArea } from '../api/catalog';
import { SWITCHABLE, UnitName, useRowName } from './area-columns';
import { PricePreview, type PreviewStart } from './price-preview';

/** What is being edited: a row of an area, or the markup. */
export type Editing =
  | { [A in TableArea]: { area: A; row: CatalogRows[A] } }[TableArea]
  | { area: 'markup'; row: { markupPercent: string } };

type Values = Record<string, unknown>;

/** The form fields each area edits (names: the patch's keys). */
const FIELDS: Record<Editing['area'], string[]> = {
  region: ['nameZh', 'nameEn', 'priceFactorPercent', 'sort', 'enabled'],
  bundleType: ['nameZh', 'nameEn', 'sort', 'enabled'],
  bundle: [
    'nameZh',
    'nameEn',
    'descriptionZh',
    'descriptionEn',
    'desktopType',
    'defaultSystemDiskGib',
    'defaultImageId',
    'sort',
    'enabled',
  ],
  desktopType: ['monthlyCost', 'hourlyCost', 'sort', 'enabled'],
  image: ['nameZh', 'nameEn', 'sort', 'enabled'],
  phoneSpec: ['nameZh', 'nameEn', 'monthlyCost', 'hourlyCost', 'sort', 'enabled'],
  phoneImage: ['nameZh', 'nameEn', 'sort', 'enabled'],
  discount: ['discountPercent', 'phDiscountPercent'],
  unitPrice: ['cost'],
  markup: ['markupPercent'],
};

/** Areas whose edits change prices: their dialog shows the preview. */
const PRICED = new Set<Editing['area']>([
  'region',
  'bundle',
  'desktopType',
  'phoneSpec',
  'discount',
  'unitPrice',
  'markup',
]);

/** Money and percentages travel as decimal strings; the server checks them (translated refusals). */
const decimalRule = (message: string) => ({
  pattern: /^\d{1,9}(\.\d{1,6})?$/,
  message,
});

/** Only what changed, so a save (and the preview) carries just the edit. */
function patchOf(editing: Editing, values: Values): Record<string, unknown> {
  const row = editing.row as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const name of FIELDS[editing.area]) {
    const value = typeof values[name] === 'string' ? (values[name] as string).trim() : values[name];
    if (value !== undefined && value !== null && value !== '' && value !== row[name]) patch[name] = value;
  }
  return patch;
}

const changeOf = (editing: Editing, patch: Record<string, unknown>): CatalogChange =>
  (editing.area === 'markup'
    ? { area: 'markup', patch }
    : { area: editing.area, id: editing.row.id, patch }) as CatalogChange;

/** Where the preview starts for the edited row. */
function previewStart(editing: Editing): PreviewStart {
  switch (editing.area) {
    case 'region':
      return { product: editing.row.kind === 'phone' ? 'phone' : 'desktop', regionId: editing.row.id };
    case 'desktopType':
      return { product: 'desktop', desktopType: editing.row.typeId };
    case 'bundle':
      return { product: 'desktop', bundleId: editing.row.bundleId };
    case 'phoneSpec':
      return { product: 'phone', specId: editing.row.specId };
    default:
      return { product: 'desktop' };
  }
}

/**
 * Edits one catalogue row (or the markup): its fields, the "new quotes only" notice, and for price
 * edits the preview of the pending change. Saves only what changed; the server's refusals (zero
 * price, discount out of range…) are shown translated by the request client.
 */
export function CatalogEditDialog({
  editing,
  onClose,
}: {
  open: boolean;
  editing?: Editing;
  onClose: () => void;
}) {
  const { t } = useTranslation('businessCatalog');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveCatalogChange();
  const nameOf = useRowName();
  const values = Form.useWatch([], form) as Values | undefined;
  const open = editing !== undefined;
  // A preset's type and default image are picked from the catalogue (read only for a preset).
  const presetEdit = editing?.area === 'bundle';
  const types = useCatalogList('desktopType', { page: 1, limit: 50 }, presetEdit);
  const images = useCatalogList('image', { page: 1, limit: 50 }, presetEdit);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.row as Values);
  }, [editing, form]);

  const patch = useMemo(() => (editing && values ? patchOf(editing, values) : {}), [editing, values]);
  const pending = editing && Object.keys(patch).length > 0 ? changeOf(editing, patch) : undefined;
  // What the form holds now (the watched `values` are a render behind a keystroke).
  const pendingNow = () => {
    if (!editing) return undefined;
    const now = patchOf(editing, form.getFieldsValue(true) as Values);
    return Object.keys(now).length > 0 ? changeOf(editing, now) : undefined;
  };
  const start = useMemo(() => (editing ? previewStart(editing) : { product: 'desktop' as const }), [editing]);

  const submit = () => {
    if (!editing) return;
    if (!pending) {
      onClose();
      return;
    }
    save.mutate(pending, {
      onSuccess: () => {
        void message.success(t('saved'));
        onClose();
      },
    });
  };

  const required = { required: true, message: t('field.required') };
  const item = (
    name: string,
    label: ReactNode,
    control: ReactNode,
    extra?: ReactNode,
    rules: object[] = [required],
  ) => (
    <Form.Item key={name} name={name} label={label} extra={extra} rules={rules}>
      {control}
    </Form.Item>
  );
  const money = (name: string, label: ReactNode) =>
    item(
      name,
      label,
      <Input prefix="$" inputMode="decimal" data-testid={`catalog-field-${name}`} />,
      t('field.costHelp'),
      [required, decimalRule(t('field.costHelp'))],
    );
  const percent = (name: string, label: ReactNode, help: string) =>
    item(name, label, <Input suffix="%" inputMode="decimal" data-testid={`catalog-field-${name}`} />, help);
  const controls: Record<string, () => ReactNode> = {
    nameZh: () => item('nameZh', t('col.nameZh'), <Input maxLength={60} />),
    nameEn: () => item('nameEn', t('col.nameEn'), <Input maxLength={60} />),
    descriptionZh: () =>
      item(
        'descriptionZh',
        t('col.descriptionZh'),
        <Input.TextArea maxLength={500} rows={2} />,
        undefined,
        [],
      ),
    descriptionEn: () =>
      item(
        'descriptionEn',
        t('col.descriptionEn'),
        <Input.TextArea maxLength={500} rows={2} />,
        undefined,
        [],
      ),
    desktopType: () =>
      item(
        'desktopType',
        t('col.typeId'),
        <Select
          showSearch
          loading={types.isPending}
          options={(types.data?.list ?? []).map((row) => ({
            value: row.typeId,
            label: row.enabled ? row.typeId : t('preview.disabledOption', { name: row.typeId }),
          }))}
          data-testid="catalog-field-desktopType"
        />,
        t('field.presetTypeHelp'),
      ),
    defaultSystemDiskGib: () =>
      item(
        'defaultSystemDiskGib',
        t('col.defaultDisk'),
        <InputNumber
          min={SYSTEM_DISK_MIN_GIB}
          max={SYSTEM_DISK_MAX_GIB}
          step={SYSTEM_DISK_STEP_GIB}
          precision={0}
          suffix="GiB"
          style={{ width: '100%' }}
          data-testid="catalog-field-defaultSystemDiskGib"
        />,
        t('field.defaultDiskHelp', {
          min: SYSTEM_DISK_MIN_GIB,
          max: SYSTEM_DISK_MAX_GIB,
          step: SYSTEM_DISK_STEP_GIB,
        }),
      ),
    defaultImageId: () =>
      item(
        'defaultImageId',
        t('col.defaultImage'),
        <Select
          showSearch
          optionFilterProp="label"
          loading={images.isPending}
          options={(images.data?.list ?? []).map((row) => ({
            value: row.imageId,
            label: row.enabled ? nameOf(row) : t('preview.disabledOption', { name: nameOf(row) }),
          }))}
          data-testid="catalog-field-defaultImageId"
        />,
        t('field.defaultImageHelp'),
        [],
      ),
    sort: () =>
      item('sort', t('col.sort'), <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />),
    enabled: () => (
      <Form.Item key="enabled" name="enabled" label={t('col.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    ),
    priceFactorPercent: () =>
      item(
        'priceFactorPercent',
        t('field.priceFactor'),
        <InputNumber
          min={1}
          max={MAX_PRICE_FACTOR_PERCENT}
          precision={0}
          style={{ width: '100%' }}
          data-testid="catalog-field-priceFactorPercent"
        />,
        t('field.priceFactorHelp'),
      ),
    monthlyCost: () => money('monthlyCost', t('field.monthlyCost')),
    hourlyCost: () => money('hourlyCost', t('field.hourlyCost')),
    cost: () =>
      money(
        'cost',
        editing?.area === 'unitPrice' ? (
          <span>
            <UnitName unitKey={editing.row.key} />
          </span>
        ) : (
          t('col.cost')
        ),
      ),
    discountPercent: () => percent('discountPercent', t('field.discount'), t('field.discountHelp')),
    phDiscountPercent: () => percent('phDiscountPercent', t('field.phDiscount'), t('field.discountHelp')),
    markupPercent: () => percent('markupPercent', t('field.markup'), t('field.markupHelp')),
  };

  const title = !editing
    ? ''
    : editing.area === 'markup'
      ? t('markupTitle')
      : t('editTitle', { area: t(`tabs.${editing.area}`), name: nameOf(editing.row) });

  return (
    <SubmitDialog
      open={open}
      title={title}
      onClose={onClose}
      testId="catalog-edit-dialog"
      submitText={t('save')}
      onSubmit={() => form.submit()}
      loading={save.isPending}
      submitTestId="catalog-edit-save"
      width={editing && PRICED.has(editing.area) ? 760 : 520}
    >
      {editing ? (
        <>
          {PRICED.has(editing.area) || SWITCHABLE.includes(editing.area as TableArea) ? (
            <Alert type="info" showIcon message={t('newQuotesOnly')} style={{ marginBottom: 16 }} />
          ) : null}
          <Form<Values> form={form} layout="vertical" onFinish={submit}>
            {FIELDS[editing.area].map((name) => controls[name]!())}
          </Form>
          {PRICED.has(editing.area) ? (
            <PricePreview start={start} change={pending} changeNow={pendingNow} />
          ) : null}
        </>
      ) : null}
    </SubmitDialog>
  );
}
