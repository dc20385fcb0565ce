import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../app/providers';
import type { PickedRange } from '../lib/date-range';
import { typeDateRange } from '../test/picked-day';
import { DateRangeField, SearchForm, SelectField } from './search-form';

function renderForm() {
  const onSearch = vi.fn<(values: { range?: PickedRange }) => void>();
  const onReset = vi.fn();
  render(
    <Providers>
      <SearchForm fieldWidth={200} testId="form" onSearch={onSearch} onReset={onReset}>
        <DateRangeField label="时间" testId="form-range" />
      </SearchForm>
    </Providers>,
  );
  return { onSearch, onReset };
}

/** The classes of the boxes from `element` up to the form's, e.g. to compare the placeholder's with the form's. */
function boxes(element: Element): string[] {
  const chain: string[] = [];
  let node: Element | null = element;
  // Without the theme's scope class (css-var-…), which the placeholder leaves to the App's root.
  const classes = (box: Element) =>
    [...box.classList].filter((name) => !name.startsWith('css-var-')).join(' ');
  for (; node && !node.classList.contains('ant-form'); node = node.parentElement) chain.push(classes(node));
  return node ? [...chain, classes(node)] : chain;
}

describe('SearchForm', () => {
  // First in this file: the form's antd controls are not loaded yet.
  it('draws its fields in place while its controls load, in the boxes the form then fills', async () => {
    render(
      <Providers>
        <SearchForm fieldWidth={200} testId="form" onSearch={vi.fn()} onReset={vi.fn()}>
          <SelectField name="kind" label="类型" options={[{ value: 1, label: '一' }]} testId="form-kind" />
          <DateRangeField label="时间" testId="form-range" />
        </SearchForm>
      </Providers>,
    );
    expect(screen.queryByTestId('form')).toBeNull();
    const placeholderBoxes = boxes(screen.getByText('类型'));
    expect(placeholderBoxes).toEqual([
      '',
      'ant-col ant-form-item-label',
      'ant-row ant-form-item-row',
      'ant-form-item ant-form-css-var ant-form-item-vertical',
      'ant-form ant-form-vertical ant-form-css-var',
    ]);
    expect(document.querySelectorAll('.ant-skeleton-input')).toHaveLength(2);
    expect(screen.getByRole('button', { name: /搜\s*索/ }).classList).toContain('ant-btn-loading');

    const select = await screen.findByTestId('form-kind');
    expect(screen.getByTestId('form')).toBeTruthy();
    // Only the label's own attributes differ (the real one points at its control).
    expect(boxes(screen.getByText('类型')).slice(1)).toEqual(placeholderBoxes.slice(1));
    expect(select.closest('.ant-form-item-control')).toBeTruthy();
    expect(document.querySelector('.ant-btn-loading')).toBeNull();
  });
});

const picked = (range: PickedRange | undefined) => range?.map((day) => day?.format('YYYY-MM-DD'));

describe('DateRangeField', () => {
  it('lays the picker out at the search form’s range width', async () => {
    renderForm();
    const begin = await screen.findByPlaceholderText('开始日期');
    // jsdom's window is narrow: the field takes the full width (RANGE_FIELD_WIDTH px in a row).
    expect(begin.closest<HTMLElement>('.ant-picker')?.style.width).toBe('100%');
  });

  it('gives the picked days to the search, and reset clears them', async () => {
    const { onSearch, onReset } = renderForm();
    await typeDateRange('2026-11-01', '2026-11-22');
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledOnce());
    expect(picked(onSearch.mock.calls[0]![0].range)).toEqual(['2026-11-01', '2026-11-22']);

    fireEvent.click(screen.getByTestId('form-reset'));
    expect(onReset).toHaveBeenCalledOnce();
    await waitFor(() => expect((screen.getByPlaceholderText('开始日期') as HTMLInputElement).value).toBe(''));
    fireEvent.click(screen.getByTestId('form-submit'));
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(2));
    expect(onSearch.mock.calls[1]![0].range).toBeUndefined();
  });
});
