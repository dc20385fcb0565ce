// The search form's antd Form, Select and Input (about 30 KB gzip): `search-form.tsx` loads this
// module when a list first shows its form and holds the form's place until it is there.
import { Button, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchFormLayout } from '../lib/use-search-form-layout';
import { LazyDateRangePicker } from './lazy-date-range-picker';
import {
  SearchLayoutContext,
  useSearchFieldStyles,
  type DateRangeFieldProps,
  type SearchFormProps,
  type SelectFieldProps,
  type TextFieldProps,
} from './search-form-types';

/** A list's search form: its fields, laid out for the screen, then Search and Reset (which clears them first). */
export function SearchForm<V>({
  fieldWidth,
  onSearch,
  onReset,
  testId,
  initialValues,
  children,
}: SearchFormProps<V>) {
  const { t } = useTranslation('kit');
  const [form] = Form.useForm<V>();
  const layout = useSearchFormLayout(fieldWidth);

  const reset = () => {
    form.resetFields();
    // resetFields goes back to the initial values: Reset clears those too.
    if (initialValues) {
      form.setFieldsValue(
        Object.fromEntries(Object.keys(initialValues).map((key) => [key, undefined])) as never,
      );
    }
    onReset();
  };

  return (
    <SearchLayoutContext value={layout}>
      <Form<V>
        form={form}
        initialValues={initialValues}
        layout={layout.layout}
        onFinish={onSearch}
        style={{ rowGap: 12 }}
        data-testid={testId}
      >
        {children}
        <Form.Item style={{ marginBottom: 0 }}>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SearchOutlined />}
              data-testid={`${testId}-submit`}
            >
              {t('searchForm.search')}
            </Button>
            <Button icon={<ReloadOutlined />} onClick={reset} data-testid={`${testId}-reset`}>
              {t('searchForm.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </SearchLayoutContext>
  );
}

/**
 * The search form's `range` field: whole days, either end may stay open. Until the picker's code is
 * there, antd's skeleton holds its place at the same size (`rangeStyle` fixes the width), so the
 * fields after it do not move; the form keeps the value either way.
 */
export function DateRangeField({ label, testId }: DateRangeFieldProps) {
  const { t } = useTranslation('kit');
  const { rangeStyle } = useSearchFieldStyles();
  return (
    <Form.Item name="range" label={label}>
      <LazyDateRangePicker
        allowEmpty={[true, true]}
        placeholder={[t('searchForm.begin'), t('searchForm.end')]}
        style={rangeStyle}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** A search form's choice of one value; cleared, it filters nothing ("All"). */
export function SelectField<V extends string | number>({
  name,
  label,
  options,
  testId,
  searchable,
}: SelectFieldProps<V>) {
  const { t } = useTranslation('kit');
  const { fieldStyle } = useSearchFieldStyles();
  return (
    <Form.Item name={name} label={label}>
      <Select<V>
        allowClear
        placeholder={t('searchForm.all')}
        options={options.map(({ value, label }) => ({ value, label }))}
        showSearch={searchable ? { optionFilterProp: 'label' } : undefined}
        style={fieldStyle}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** A search form's free text (a name, an order number): part of it matches. */
export function TextField({ name, label, placeholder, maxLength, testId }: TextFieldProps) {
  const { fieldStyle } = useSearchFieldStyles();
  return (
    <Form.Item name={name} label={label}>
      <Input
        allowClear
        maxLength={maxLength}
        placeholder={placeholder}
        style={fieldStyle}
        data-testid={testId}
      />
    </Form.Item>
  );
}
