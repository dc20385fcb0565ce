import { fireEvent, screen } from '@testing-library/react';
import type { PickedDay } from '../lib/date-range';

/** A picked day (as a RangePicker gives it) in UTC+8 that shows how it was converted. */
export function testDay(date: string): PickedDay {
  const at = (time: string): PickedDay => ({
    startOf: () => at('00:00:00.000'),
    endOf: () => at('23:59:59.999'),
    format: (template) => (template.includes('HH') ? `${date}T${time}+08:00` : date),
  });
  return at('12:34:56.000');
}

/**
 * Types `begin` and `end` (YYYY-MM-DD) into the search form's date range, as a user picks them
 * (zh-CN placeholders); waits for the picker, whose code loads after the page.
 */
export async function typeDateRange(begin: string, end: string): Promise<void> {
  const beginInput = await screen.findByPlaceholderText('开始日期');
  const endInput = screen.getByPlaceholderText('结束日期');
  fireEvent.mouseDown(beginInput);
  fireEvent.change(beginInput, { target: { value: begin } });
  fireEvent.keyDown(beginInput, { key: 'Enter' });
  fireEvent.change(endInput, { target: { value: end } });
  fireEvent.keyDown(endInput, { key: 'Enter' });
}
