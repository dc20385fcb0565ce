import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { i18n } from '../lib/i18n';
import { charts, chartOption, chartSeries, resetCharts } from '../test/fake-charts';
import { LineChart, type ChartSeries } from './line-chart';

vi.mock('./echarts', () => import('../test/fake-charts').then((m) => m.fakeEchartsModule()));

/** ResizeObserver that the test triggers by hand. */
const observers: { callback: () => void; disconnected: boolean }[] = [];
class ManualResizeObserver {
  private readonly entry: { callback: () => void; disconnected: boolean };
  constructor(callback: () => void) {
    this.entry = { callback, disconnected: false };
    observers.push(this.entry);
  }
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {
    this.entry.disconnected = true;
  }
}

const cpu: ChartSeries = {
  name: 'CPU',
  color: '#2395FF',
  points: [
    [Date.UTC(2026, 10, 22, 8, 0), 12.5],
    [Date.UTC(2026, 10, 22, 8, 1), 40],
  ],
};
const percent = (value: number) => `${value} %`;

// The setup's stub is writable but not configurable, so it is swapped by assignment.
const setupObserver = window.ResizeObserver;
beforeEach(() => {
  resetCharts();
  observers.length = 0;
  window.ResizeObserver = ManualResizeObserver as unknown as typeof ResizeObserver;
});
afterEach(() => {
  window.ResizeObserver = setupObserver;
});

/** Renders and waits for ECharts, which the chart loads when it mounts. */
async function renderChart(...args: Parameters<typeof render>) {
  const view = render(...args);
  await waitFor(() => expect(charts.filter((chart) => !chart.disposed).length).toBeGreaterThan(0));
  return view;
}

describe('LineChart', () => {
  it('draws the series over a time axis with the value formatter, in the page language', async () => {
    await renderChart(
      <LineChart series={[cpu]} formatValue={percent} max={100} label="Usage" testId="usage" />,
    );
    expect(charts).toHaveLength(1);
    expect(charts[0]!.locale).toBe('ZH');
    expect(chartSeries('usage')).toEqual([
      [
        'CPU',
        [
          [Date.UTC(2026, 10, 22, 8, 0), 12.5],
          [Date.UTC(2026, 10, 22, 8, 1), 40],
        ],
      ],
    ]);
    const option = chartOption('usage')!;
    expect(option.xAxis).toMatchObject({ type: 'time' });
    expect(option.yAxis).toMatchObject({ type: 'value', max: 100 });
    expect(option.color).toEqual(['#2395FF']);
    const yAxis = option.yAxis as { axisLabel: { formatter: (value: number) => string } };
    expect(yAxis.axisLabel.formatter(50)).toBe('50 %');
    // Two points: each shows its dot, or a short line would hardly be seen.
    expect(option.series).toMatchObject([{ type: 'line', showSymbol: true }]);
  });

  it('draws a dense line without dots', async () => {
    const dense: ChartSeries = {
      ...cpu,
      points: Array.from({ length: 60 }, (_, index) => [index * 60_000, index] as const),
    };
    await renderChart(<LineChart series={[dense]} formatValue={percent} label="Usage" testId="usage" />);
    expect(chartOption('usage')!.series).toMatchObject([{ showSymbol: false }]);
  });

  it('replaces the series when they change, so none lingers', async () => {
    const { rerender } = await renderChart(
      <LineChart series={[cpu]} formatValue={percent} label="Usage" testId="usage" />,
    );
    rerender(<LineChart series={[]} formatValue={percent} label="Usage" testId="usage" />);
    expect(chartSeries('usage')).toEqual([]);
    expect(charts).toHaveLength(1);
  });

  it('follows its box size and is disposed when unmounted', async () => {
    const { unmount } = await renderChart(
      <LineChart series={[cpu]} formatValue={percent} label="Usage" testId="usage" />,
    );
    observers[0]!.callback();
    observers[0]!.callback();
    expect(charts[0]!.resized).toBe(2);
    unmount();
    expect(charts[0]!.disposed).toBe(true);
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('labels the canvas for screen readers and uses English texts on an English page', async () => {
    await i18n.changeLanguage('en-US');
    const view = await renderChart(
      <LineChart series={[cpu]} formatValue={percent} label="CPU usage" testId="usage" />,
    );
    expect(view.getByRole('img', { name: 'CPU usage' })).toBeTruthy();
    expect(charts[0]!.locale).toBe('EN');
  });

  it('makes no chart when it is gone before ECharts has loaded', async () => {
    const { unmount } = render(<LineChart series={[cpu]} formatValue={percent} label="Usage" />);
    unmount();
    // Let the dynamic import settle: a chart made now would belong to no box.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(charts).toEqual([]);
  });
});
