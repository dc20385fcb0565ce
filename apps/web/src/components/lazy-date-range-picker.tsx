import { Skeleton } from 'antd';
import { lazyPart } from '../lib/lazy-part';
import type { DateRangePickerProps } from './date-range-picker';

// The range picker and dayjs (about 29 KB gzip) load right after the page: its first load skips them.
const DateRangePicker = lazyPart(() => import('./date-range-picker'), 'DateRangePicker');

/**
 * antd's RangePicker, loaded on demand. Until its code is there antd's skeleton holds its place at
 * the size `style` gives it (a fixed width, or 100%), so nothing beside it moves; a Form.Item's value
 * and onChange pass through to the picker.
 */
export function LazyDateRangePicker(props: DateRangePickerProps) {
  const fallback = <Skeleton.Input active block={props.style?.width === '100%'} style={props.style} />;
  return <DateRangePicker {...props} fallback={fallback} />;
}
