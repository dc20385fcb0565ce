import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { Providers } from '../app/providers';
import { Pagination } from './pagination';

function renderPager(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  const onChange = vi.fn();
  render(
    <Providers>
      <Pagination total={95} page={1} limit={20} onChange={onChange} {...props} />
    </Providers>,
  );
  return { onChange };
}

describe('Pagination', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the total and the pages, and reports a page change', async () => {
    const { onChange } = renderPager();
    const pager = screen.getByTestId('pagination');
    // antd's Pagination loads on demand (pagination.tsx): it shows a moment after the list.
    expect(await within(pager).findByText('共 95 条')).toBeTruthy();
    fireEvent.click(within(pager).getByTitle('3'));
    expect(onChange).toHaveBeenCalledWith(3, 20);
  });

  it('renders nothing when hidden', () => {
    renderPager({ hidden: true });
    expect(screen.queryByTestId('pagination')).toBeNull();
  });

  it('goes back to page 1 when the new size would pass the total', async () => {
    const { onChange } = renderPager({ page: 3, limit: 20 });
    const pager = screen.getByTestId('pagination');
    fireEvent.mouseDown(await within(pager).findByRole('combobox'));
    fireEvent.click(await screen.findByTitle('50 条/页'));
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
  });

  it('scrolls the window back to the top after a change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 600 });
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    renderPager();
    fireEvent.click(await within(screen.getByTestId('pagination')).findByTitle('2'));
    frames.shift()?.(0);
    frames.shift()?.(400);
    frames.shift()?.(800);
    expect(scrollTo.mock.calls.map((call) => call[1])).toEqual([600, 300, 0]);
    expect(frames).toHaveLength(0);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});
