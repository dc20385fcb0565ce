import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { ProductTypeOption } from '@cloudbay/contracts';
import { useTranslation } from 'react-i18next';
import type { DictOption } from '../../../lib/dict-cache';
import { useSearchFormLayout } from '../../../lib/use-search-form-layout';
import type { OrderSearchValues } from '../order-filter';

export interface OrderSearchFormProps {
  /** GET /user/order/product_type's answer. */
  productTypes: readonly ProductTypeOption[];
  /** The `order_status` dictionary's entries. */
  statuses: readonly DictOption[];
  /** The `resource_status` dictionary's entries. */
  resourceStatuses: readonly DictOption[];
  onSearch: (values: OrderSearchValues) => void;
  onReset: () => void;
}

const FIELD_WIDTH = 200;

const toOptions = (entries: readonly { value: string; label: string }[]) =>
  entries.map((entry) => ({ value: entry.value, label: entry.label }));

/** The order list's search form: number, product type, order and resource status, creation dates. */
export function OrderSearchForm({
  productTypes,
  statuses,
  resourceStatuses,
  onSearch,
  onReset,
}: OrderSearchFormProps) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<OrderSearchValues>();
  const { layout, fieldStyle, rangeStyle } = useSearchFormLayout(FIELD_WIDTH);

  const reset = () => {
    form.resetFields();
    onReset();
  };

  const select = (
    name: keyof OrderSearchValues,
    label: string,
    options: { value: string; label: string }[],
    testId: string,
  ) => (
    <Form.Item name={name} label={label}>
      <Select
        allowClear
        placeholder={t('filter.all')}
        options={options}
        style={fieldStyle}
        data-testid={testId}
      />
    </Form.Item>
  );

  return (
    <Form<OrderSearchValues>
      form={form}
      layout={layout}
      onFinish={onSearch}
      style={{ rowGap: 12 }}
      data-testid="order-search"
    >
      <Form.Item name="no" label={t('filter.no')}>
        <Input
          allowClear
          maxLength={32}
          placeholder={t('filter.noPlaceholder')}
          style={fieldStyle}
          data-testid="order-no"
        />
      </Form.Item>
      {select('type', t('filter.productType'), toOptions(productTypes), 'order-product-type')}
      {select('status', t('filter.status'), toOptions(statuses), 'order-status')}
      {select(
        'resourceStatus',
        t('filter.resourceStatus'),
        toOptions(resourceStatuses),
        'order-resource-status',
      )}
      <Form.Item name="range" label={t('filter.time')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('filter.begin'), t('filter.end')]}
          style={rangeStyle}
          data-testid="order-range"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Space>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            data-testid="order-search-submit"
          >
            {t('filter.search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset} data-testid="order-search-reset">
            {t('filter.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
