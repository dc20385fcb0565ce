import { Button, DatePicker, Form, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { BILL_AMOUNT_TYPES } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import type { DictOption } from '../../../lib/dict-cache';
import { useSearchFormLayout } from '../../../lib/use-search-form-layout';
import type { BillSearchValues } from '../bill-filter';

export interface BillSearchFormProps {
  /** The expense-type dictionary's entries. */
  expenseTypes: readonly DictOption[];
  onSearch: (values: BillSearchValues) => void;
  onReset: () => void;
}

const FIELD_WIDTH = 200;

/** The bill list's search form: expense type, amount type and a date range. */
export function BillSearchForm({ expenseTypes, onSearch, onReset }: BillSearchFormProps) {
  const { t } = useTranslation('billing');
  const [form] = Form.useForm<BillSearchValues>();
  const { layout, fieldStyle, rangeStyle } = useSearchFormLayout(FIELD_WIDTH);

  const reset = () => {
    form.resetFields();
    onReset();
  };

  return (
    <Form<BillSearchValues>
      form={form}
      layout={layout}
      onFinish={onSearch}
      style={{ rowGap: 12 }}
      data-testid="bill-search"
    >
      <Form.Item name="expenseType" label={t('filter.expenseType')}>
        <Select
          allowClear
          placeholder={t('filter.all')}
          options={expenseTypes.map((option) => ({ value: option.value, label: option.label }))}
          style={fieldStyle}
          data-testid="bill-expense-type"
        />
      </Form.Item>
      <Form.Item name="amountType" label={t('filter.amountType')}>
        <Select
          allowClear
          placeholder={t('filter.all')}
          options={BILL_AMOUNT_TYPES.map((value) => ({ value, label: t(`amountType.${value}`) }))}
          style={fieldStyle}
          data-testid="bill-amount-type"
        />
      </Form.Item>
      <Form.Item name="range" label={t('filter.time')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('filter.begin'), t('filter.end')]}
          style={rangeStyle}
          data-testid="bill-range"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="bill-search-submit">
            {t('filter.search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset} data-testid="bill-search-reset">
            {t('filter.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
