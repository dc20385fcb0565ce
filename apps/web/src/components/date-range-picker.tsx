import { DatePicker, type GetProps } from 'antd';

export type DateRangePickerProps = GetProps<typeof DatePicker.RangePicker>;

/**
 * The search form's date range picker, a module of its own: the picker and dayjs (about 29 KB gzip)
 * load after the list, not with it (`DateRangeField` in search-form.tsx).
 */
export function DateRangePicker(props: DateRangePickerProps) {
  return <DatePicker.RangePicker {...props} />;
}
