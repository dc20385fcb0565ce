import { createContext, useContext, type ReactNode } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchFormLayout, type SearchFormLayout } from '../lib/use-search-form-layout';
import { LazyDateRangePicker } from './lazy-date-range-picker';

/** What a list's search form reports to its page. */
export interface SearchFormActions<V> {
  onSearch: (values: V) => void;
  /** Called after the fields were cleared. */
  onReset: () => void;
}

export interface SearchFormProps<V> extends SearchFormActions<V> {
  /** How wide selects and inputs are in a row (they take the full width on a phone). */
  fieldWidth: number;
  /** The form's test id; its buttons get `<testId>-submit` and `<testId>-reset`. */
  testId: string;
  /** The list's fields (`SelectField`, `DateRangeField`, `Form.Item`s) named after the keys of `V`. */
  children: ReactNode;
}

const LayoutContext = createContext<SearchFormLayout | null>(null);

/** The field styles of the search form around the caller, for a field of its own (e.g. an Input). */
export function useSearchFieldStyles(): SearchFormLayout {
  const layout = useContext(LayoutContext);
  if (!layout) throw new Error('a search field is used outside a SearchForm');
  return layout;
}

/** A list's search form: its fields, laid out for the screen, then Search and Reset (which clears them first). */
export function SearchForm<V>({ fieldWidth, onSearch, onReset, testId, children }: SearchFormProps<V>) {
  const { t } = useTranslation('kit');
  const [form] = Form.useForm<V>();
  const layout = useSearchFormLayout(fieldWidth);

  const reset = () => {
    form.resetFields();
    onReset();
  };

  return (
    <LayoutContext value={layout}>
      <Form<V>
        form={form}
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
    </LayoutContext>
  );
}

/**
 * The search form's `range` field: whole days, either end may stay open. Until the picker's code is
 * there, antd's skeleton holds its place at the same size (`rangeStyle` fixes the width), so the
 * fields after it do not move; the form keeps the value either way.
 */
export function DateRangeField({ label, testId }: { label: ReactNode; testId: string }) {
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

export interface SelectFieldProps<V extends string | number> {
  /** The field's key in the form's values. */
  name: string;
  label: ReactNode;
  /** Entries with more fields (dictionary entries) may be given as they are: only these two are used. */
  options: readonly { value: V; label: ReactNode }[];
  testId: string;
}

/** A search form's choice of one value; cleared, it filters nothing ("All"). */
export function SelectField<V extends string | number>({
  name,
  label,
  options,
  testId,
}: SelectFieldProps<V>) {
  const { t } = useTranslation('kit');
  const { fieldStyle } = useSearchFieldStyles();
  return (
    <Form.Item name={name} label={label}>
      <Select<V>
        allowClear
        placeholder={t('searchForm.all')}
        options={options.map(({ value, label }) => ({ value, label }))}
        style={fieldStyle}
        data-testid={testId}
      />
    </Form.Item>
  );
}

export interface TextFieldProps {
  /** The field's key in the form's values (the page trims it before sending). */
  name: string;
  label: ReactNode;
  placeholder: string;
  maxLength: number;
  testId: string;
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
