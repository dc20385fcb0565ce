import { Button, DatePicker, Form, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { PAY_TYPE } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import { useSearchFormLayout } from '../../../lib/use-search-form-layout';
import type { TopupSearchValues } from '../topup-filter';
import { TOPUP_STATUS_VALUES, payTypeName, topupStatusName } from '../topup-status';

export interface TopupSearchFormProps {
  onSearch: (values: TopupSearchValues) => void;
  onReset: () => void;
}

const FIELD_WIDTH = 180;
/** Stablecoin first, as the top-up dialog offers them. */
const PAY_TYPE_VALUES = [PAY_TYPE.STABLECOIN, PAY_TYPE.FIAT];

/** The top-up records' search form: status, pay type and a date range. */
export function TopupSearchForm({ onSearch, onReset }: TopupSearchFormProps) {
  const { t } = useTranslation('wallet');
  const [form] = Form.useForm<TopupSearchValues>();
  const { layout, fieldStyle, rangeStyle } = useSearchFormLayout(FIELD_WIDTH);

  const reset = () => {
    form.resetFields();
    onReset();
  };

  return (
    <Form<TopupSearchValues>
      form={form}
      layout={layout}
      onFinish={onSearch}
      style={{ rowGap: 12 }}
      data-testid="topups-search"
    >
      <Form.Item name="status" label={t('records.status')}>
        <Select<number>
          allowClear
          placeholder={t('records.all')}
          options={TOPUP_STATUS_VALUES.map((value) => ({
            value,
            label: t(`status.${topupStatusName(value) ?? 'unknown'}`),
          }))}
          style={fieldStyle}
          data-testid="topups-status-filter"
        />
      </Form.Item>
      <Form.Item name="payType" label={t('records.payType')}>
        <Select<number>
          allowClear
          placeholder={t('records.all')}
          options={PAY_TYPE_VALUES.map((value) => ({ value, label: t(`payType.${payTypeName(value)}`) }))}
          style={fieldStyle}
          data-testid="topups-pay-type-filter"
        />
      </Form.Item>
      <Form.Item name="range" label={t('records.time')}>
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          placeholder={[t('records.begin'), t('records.end')]}
          style={rangeStyle}
          data-testid="topups-range"
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Space>
          <Button
            type="primary"
            htmlType="submit"
            icon={<SearchOutlined />}
            data-testid="topups-search-submit"
          >
            {t('records.search')}
          </Button>
          <Button icon={<ReloadOutlined />} onClick={reset} data-testid="topups-search-reset">
            {t('records.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
