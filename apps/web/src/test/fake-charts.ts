/**
 * ECharts recorded instead of drawn: jsdom has no canvas. Test files that render a chart swap the
 * chart factory in with
 *
 *   vi.mock('../components/echarts', () => import('../test/fake-charts').then((m) => m.fakeEchartsModule()));
 *
 * (the path as seen from the test file) and read what each chart was given from `charts`.
 */
import type { LineChartOption } from '../components/echarts';

export interface FakeChart {
  element: HTMLElement;
  locale: string;
  /** Every option set, the latest last. */
  options: LineChartOption[];
  resized: number;
  disposed: boolean;
}

/** The charts made so far, oldest first (the list is emptied by `resetCharts`). */
export const charts: FakeChart[] = [];

export function resetCharts(): void {
  charts.length = 0;
}

/** The latest option of the live chart whose box has test id `testId`. */
export function chartOption(testId: string): LineChartOption | undefined {
  const chart = charts.find((item) => !item.disposed && item.element.dataset.testid === testId);
  return chart?.options.at(-1);
}

/** The series of that option as [name, points] pairs. */
export function chartSeries(testId: string): [string, unknown[]][] {
  const series = chartOption(testId)?.series;
  const list = Array.isArray(series) ? series : series ? [series] : [];
  return list.map((item) => [String(item.name), (item.data ?? []) as unknown[]]);
}

/** The module `components/echarts` with `createChart` recording into `charts` (for `vi.mock`). */
export function fakeEchartsModule() {
  return {
    createChart(element: HTMLElement, locale: string) {
      const chart: FakeChart = { element, locale, options: [], resized: 0, disposed: false };
      charts.push(chart);
      return {
        setOption: (option: LineChartOption) => void chart.options.push(option),
        resize: () => void (chart.resized += 1),
        dispose: () => void (chart.disposed = true),
      };
    },
  };
}
