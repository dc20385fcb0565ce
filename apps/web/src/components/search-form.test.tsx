import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Providers } from '../app/providers';
import type { PickedRange } from '../lib/date-range';
import { typeDateRange } from '../test/picked-day';
import { DateRangeField, SearchForm } from './search-form';

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
