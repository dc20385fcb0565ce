import { useEffect, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  InputNumber,
  Radio,
  Row,
  Select,
  Typography,
} from 'antd';
import type { CatalogChange, CatalogPreviewConfig, PriceQuote } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import { useCatalogList, usePricePreview } from '../api/catalog';
import { useRowName } from './area-columns';

/** Where the preview starts: the product and the row being edited, when it names one. */
export interface PreviewStart {
  product: 'desktop' | 'phone';
  regionId?: number;
  desktopType?: string;
  /** A bundle preset: the desktop is quoted as the buy page quotes the preset. */
  bundleId?: string;
  specId?: string;
}

const ALL = { page: 1, limit: 50 } as const;

/** The options of a catalogue list, the rows off sale marked (the preview then says why it fails). */
function useOptions<T extends { enabled?: boolean }>(
  rows: T[] | undefined,
  valueOf: (row: T) => string | number,
) {
  const { t } = useTranslation('businessCatalog');
  const nameOf = useRowName();
  return (rows ?? []).map((row) => ({
    value: valueOf(row),
    label: row.enabled === false ? t('preview.disabledOption', { name: nameOf(row) }) : nameOf(row),
  }));
}

/** One field of the configuration, half a row from the small breakpoint on. */
const cell = (name: keyof CatalogPreviewConfig, label: string, control: ReactNode) => (
  <Col xs={24} sm={12} key={name}>
    <Form.Item name={name} label={label} rules={[{ required: true }]}>
      {control}
    </Form.Item>
  </Col>
);

/** A choice between a few values, as buttons. */
const buttons = (options: [value: string, label: string][], onChange?: () => void) => (
  <Radio.Group
    optionType="button"
    options={options.map(([value, label]) => ({ value, label }))}
    onChange={onChange}
  />
);

function QuoteView({
  quote,
  error,
  testId,
}: {
  quote: PriceQuote | null;
  error: string | null;
  testId: string;
}) {
  const { t } = useTranslation('businessCatalog');
  if (error) return <Alert type="warning" showIcon message={error} data-testid={`${testId}-error`} />;
  if (!quote) return null;
  return (
    <Descriptions column={1} size="small" bordered data-testid={testId}>
      <Descriptions.Item label={t('preview.unitPrice')}>${quote.unit_price}</Descriptions.Item>
      <Descriptions.Item label={t('preview.hourlyPrice')}>${quote.hourly_price}</Descriptions.Item>
      <Descriptions.Item label={t('preview.original')}>${quote.original_price}</Descriptions.Item>
      <Descriptions.Item label={t('preview.discount')}>{quote.discount}</Descriptions.Item>
      <Descriptions.Item label={t('preview.payable')}>
        <Typography.Text strong data-testid={`${testId}-payable`}>
          ${quote.payable_price}
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The price preview of an edit (issue 18): a configuration a customer could buy, and its quote now
 * and with `change` — the server applies the change in a transaction it rolls back and quotes with
 * the customers' own price functions, so what is shown is what the customer will be quoted.
 */
export function PricePreview({
  start,
  change,
  changeNow,
}: {
  start: PreviewStart;
  change?: CatalogChange;
  /**
   * The change as the edit form holds it at this instant: `change` follows the form a render later
   * (Form.useWatch), so a preview asked for right after typing would quote the value before it.
   */
  changeNow?: () => CatalogChange | undefined;
}) {
  const { t } = useTranslation('businessCatalog');
  const [form] = Form.useForm<CatalogPreviewConfig>();
  const product = Form.useWatch('product', form) ?? start.product;
  const billing = Form.useWatch('billingMethod', form);
  const regions = useCatalogList('region', { ...ALL, kind: product });
  // A preset's edit quotes the preset (its type and default disk, as the buy page does).
  const byPreset = product === 'desktop' && start.bundleId !== undefined;
  const types = useCatalogList('desktopType', ALL, product === 'desktop' && !byPreset);
  const presets = useCatalogList('bundle', ALL, byPreset);
  const specs = useCatalogList('phoneSpec', ALL, product === 'phone');
  const periods = useCatalogList('discount', ALL);
  const preview = usePricePreview();

  const regionOptions = useOptions(regions.data?.list, (r) => r.id);
  const typeOptions = useOptions(types.data?.list, (r) => r.typeId);
  const specOptions = useOptions(specs.data?.list, (r) => r.specId);
  const presetOptions = useOptions(presets.data?.list, (r) => r.bundleId);

  // Defaults once the lists are in: the edited row, else the first of each list.
  const listed = [regionOptions, typeOptions, specOptions].map((o) => o.map((x) => x.value).join()).join('|');
  useEffect(() => {
    const values = form.getFieldsValue();
    const first = (options: { value: string | number }[]) => options[0]?.value;
    form.setFieldsValue({
      regionId: regionOptions.some((o) => o.value === values.regionId)
        ? values.regionId
        : regionOptions.some((o) => o.value === start.regionId)
          ? start.regionId
          : (first(regionOptions) as number | undefined),
      desktopType: values.desktopType ?? start.desktopType ?? (first(typeOptions) as string | undefined),
      specId: values.specId ?? start.specId ?? (first(specOptions) as string | undefined),
      bundleId: values.bundleId ?? start.bundleId,
    });
    // The option arrays are new at each render; `listed` says when their values changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, start, listed]);

  // What is quoted: a preset (a preset's edit), a desktop type or a phone spec.
  const what: {
    name: keyof CatalogPreviewConfig;
    label: string;
    options: { value: string | number; label: string }[];
    loading: boolean;
    testId: string;
  } = byPreset
    ? {
        name: 'bundleId',
        label: t('preview.bundle'),
        options: presetOptions,
        loading: presets.isPending,
        testId: 'catalog-preview-bundle',
      }
    : product === 'desktop'
      ? {
          name: 'desktopType',
          label: t('preview.desktopType'),
          options: typeOptions,
          loading: types.isPending,
          testId: 'catalog-preview-type',
        }
      : {
          name: 'specId',
          label: t('preview.spec'),
          options: specOptions,
          loading: specs.isPending,
          testId: 'catalog-preview-spec',
        };

  const run = (config: CatalogPreviewConfig) => {
    const asked = changeNow ? changeNow() : change;
    preview.mutate({ config, ...(asked ? { change: asked } : {}) });
  };
  // A quote of another pending value than the one in the form now is not shown as its preview.
  const stale =
    preview.variables !== undefined &&
    JSON.stringify(preview.variables.change ?? null) !== JSON.stringify(change ?? null);
  const result = stale ? undefined : preview.data;

  return (
    <Card size="small" title={t('preview.title')} data-testid="catalog-preview">
      <Typography.Paragraph type="secondary">{t('preview.help')}</Typography.Paragraph>
      <Form<CatalogPreviewConfig>
        form={form}
        layout="vertical"
        initialValues={{ product: start.product, billingMethod: 'subscription', period: 1, quantity: 1 }}
        onFinish={run}
      >
        <Row gutter={12}>
          {cell(
            'product',
            t('preview.product'),
            buttons(
              [
                ['desktop', t('kinds.desktop')],
                ['phone', t('kinds.phone')],
              ],
              () => form.setFieldValue('regionId', undefined),
            ),
          )}
          {cell(
            'regionId',
            t('preview.region'),
            <Select
              options={regionOptions}
              loading={regions.isPending}
              data-testid="catalog-preview-region"
            />,
          )}
          {cell(
            what.name,
            what.label,
            <Select
              options={what.options}
              loading={what.loading}
              showSearch
              optionFilterProp="label"
              data-testid={what.testId}
            />,
          )}
          {cell(
            'billingMethod',
            t('preview.billing'),
            buttons([
              ['subscription', t('preview.subscription')],
              ['payg', t('preview.payg')],
            ]),
          )}
          {billing !== 'payg'
            ? cell(
                'period',
                t('preview.period'),
                <Select
                  options={(periods.data?.list ?? []).map((p) => ({
                    value: p.period,
                    label: t('months', { count: p.period }),
                  }))}
                  data-testid="catalog-preview-period"
                />,
              )
            : null}
          {cell(
            'quantity',
            t('preview.quantity'),
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />,
          )}
        </Row>
        <Button onClick={() => form.submit()} loading={preview.isPending} data-testid="catalog-preview-run">
          {t('preview.run')}
        </Button>
      </Form>
      {result ? (
        <Row gutter={[12, 12]} style={{ marginTop: 16 }}>
          <Col xs={24} md={change ? 12 : 24}>
            <Typography.Title level={5}>{t('preview.now')}</Typography.Title>
            <QuoteView quote={result.current} error={result.currentError} testId="catalog-preview-now" />
          </Col>
          {change ? (
            <Col xs={24} md={12}>
              <Typography.Title level={5}>{t('preview.after')}</Typography.Title>
              <QuoteView quote={result.pending} error={result.pendingError} testId="catalog-preview-after" />
            </Col>
          ) : null}
        </Row>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('preview.pick')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
