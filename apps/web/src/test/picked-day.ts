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
