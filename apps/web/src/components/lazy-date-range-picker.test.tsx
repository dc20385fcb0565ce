import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { LazyDateRangePicker } from './lazy-date-range-picker';

// The picker's module arrives when the test says so.
const download = vi.hoisted(() => {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish: () => finish() };
});
vi.mock('./date-range-picker', async (importOriginal) => {
  await download.done;
  return importOriginal();
});

describe('LazyDateRangePicker', () => {
  it('holds the picker’s place with a skeleton of its size until the picker is there', async () => {
    render(
      <>
        <div data-testid="fixed">
          <LazyDateRangePicker placeholder={['开始', '结束']} style={{ width: 292, maxWidth: '100%' }} />
        </div>
        <div data-testid="full">
          <LazyDateRangePicker placeholder={['起', '止']} style={{ width: '100%' }} />
        </div>
      </>,
    );
    const skeleton = (testId: string) =>
      screen.getByTestId(testId).querySelector<HTMLElement>('.ant-skeleton-input');
    expect(skeleton('fixed')?.style.width).toBe('292px');
    expect(skeleton('fixed')?.style.maxWidth).toBe('100%');
    expect(skeleton('full')?.style.width).toBe('100%');
    expect(screen.getByTestId('full').querySelector('.ant-skeleton-block')).not.toBeNull();
    expect(screen.queryByPlaceholderText('开始')).toBeNull();

    await act(async () => download.finish());
    const picker = (await screen.findByPlaceholderText('开始')).closest<HTMLElement>('.ant-picker');
    expect(picker?.style.width).toBe('292px');
    expect(screen.getByPlaceholderText('起').closest<HTMLElement>('.ant-picker')?.style.width).toBe('100%');
    expect(skeleton('fixed')).toBeNull();
    expect(skeleton('full')).toBeNull();
  });
});
