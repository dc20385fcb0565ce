/** How a list's search form lays out: a row of labelled fields, or one field per line on a phone. */
import type { CSSProperties } from 'react';
import { Grid } from 'antd';

export interface SearchFormLayout {
  layout: 'inline' | 'vertical';
  /** Selects and inputs: `fieldWidth` wide in a row, the full width on a phone. */
  fieldStyle: CSSProperties;
  /** The date range: its natural width in a row, the full width on a phone. */
  rangeStyle: CSSProperties;
}

/**
 * Below antd's `sm` breakpoint (576 px) an inline row cannot hold a label and a 280 px date range
 * side by side, so the labels go above full-width fields and nothing overflows the card.
 */
export function useSearchFormLayout(fieldWidth: number): SearchFormLayout {
  const narrow = Grid.useBreakpoint().sm === false;
  return narrow
    ? { layout: 'vertical', fieldStyle: { width: '100%' }, rangeStyle: { width: '100%' } }
    : { layout: 'inline', fieldStyle: { width: fieldWidth }, rangeStyle: { maxWidth: '100%' } };
}
