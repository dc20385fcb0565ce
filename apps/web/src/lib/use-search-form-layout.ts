/** How a list's search form lays out: a row of labelled fields, or one field per line on a phone. */
import type { CSSProperties } from 'react';
import { Grid } from 'antd';

export interface SearchFormLayout {
  layout: 'inline' | 'vertical';
  /** Selects and inputs: `fieldWidth` wide in a row, the full width on a phone. */
  fieldStyle: CSSProperties;
  /** The date range: a fixed width in a row (its loading placeholder takes the same), the full width on a phone. */
  rangeStyle: CSSProperties;
}

/**
 * The date range's width in a row: antd's RangePicker's natural width (two inputs of 12 characters,
 * the arrow and the calendar icon at 14 px), fixed so its placeholder while it loads is as wide.
 */
export const RANGE_FIELD_WIDTH = 292;

/**
 * Below antd's `sm` breakpoint (576 px) an inline row cannot hold a label and a 292 px date range
 * side by side, so the labels go above full-width fields and nothing overflows the card.
 */
export function useSearchFormLayout(fieldWidth: number): SearchFormLayout {
  const narrow = Grid.useBreakpoint().sm === false;
  return narrow
    ? { layout: 'vertical', fieldStyle: { width: '100%' }, rangeStyle: { width: '100%' } }
    : {
        layout: 'inline',
        fieldStyle: { width: fieldWidth },
        rangeStyle: { width: RANGE_FIELD_WIDTH, maxWidth: '100%' },
      };
}
