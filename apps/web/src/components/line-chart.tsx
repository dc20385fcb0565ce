import { useEffect, useRef, useState } from 'react';
import { theme, type GlobalToken } from 'antd';
import { currentLanguage } from '../lib/i18n';
import { useIsMobile } from '../lib/use-is-mobile';
import type * as EchartsModule from './echarts';
import type { EChartsType, LineChartOption } from './echarts';

/** One line: its points as [epoch ms, value], oldest first. */
export interface ChartSeries {
  name: string;
  points: ReadonlyArray<readonly [number, number]>;
  color: string;
  /** Fill the area under the line (a single quantity, e.g. traffic in). */
  area?: boolean;
}

export interface LineChartProps {
  series: readonly ChartSeries[];
  /** Labels a value on the axis and in the tooltip ('42 %', '1.2 Mbps'). */
  formatValue: (value: number) => string;
  /** A fixed top of the value axis (100 for percentages); fitted to the data otherwise. */
  max?: number;
  height?: number;
  /** What the chart shows, read out by screen readers (the canvas itself says nothing). */
  label: string;
  testId?: string;
}

/** Up to this many points a line also shows each point's dot. */
const FEW_POINTS = 24;

/** The chart's option: the series over a time axis, in the antd theme's colours and font. */
export function lineChartOption(
  { series, formatValue, max }: Pick<LineChartProps, 'series' | 'formatValue' | 'max'>,
  token: GlobalToken,
  compact: boolean,
): LineChartOption {
  const axisText = { color: token.colorTextSecondary, fontSize: token.fontSizeSM };
  return {
    color: series.map((line) => line.color),
    textStyle: { fontFamily: token.fontFamily },
    animationDuration: 300,
    grid: { left: 8, right: 16, top: 40, bottom: compact ? 8 : 44, containLabel: true },
    legend: {
      top: 0,
      left: 0,
      icon: 'roundRect',
      itemWidth: 12,
      itemHeight: 4,
      textStyle: { color: token.colorText, fontSize: token.fontSizeSM },
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      valueFormatter: (value) => (typeof value === 'number' ? formatValue(value) : String(value ?? '')),
      backgroundColor: token.colorBgElevated,
      borderColor: token.colorBorderSecondary,
      textStyle: { color: token.colorText, fontSize: token.fontSizeSM },
      extraCssText: `box-shadow: ${token.boxShadowSecondary}; border-radius: ${token.borderRadius}px;`,
    },
    xAxis: {
      type: 'time',
      axisLine: { lineStyle: { color: token.colorBorder } },
      axisLabel: { ...axisText, hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      min: 0,
      max,
      axisLabel: { ...axisText, formatter: (value: number) => formatValue(value) },
      splitLine: { lineStyle: { color: token.colorSplit, type: 'dashed' } },
    },
    // Zoom with the wheel or a drag everywhere; the slider only where there is room for it.
    dataZoom: compact
      ? [{ type: 'inside' }]
      : [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    series: series.map((line) => ({
      type: 'line',
      name: line.name,
      data: line.points.map(([time, value]) => [time, value]),
      // A line of a few points (a desktop made minutes ago) would be invisible without its dots.
      showSymbol: line.points.length <= FEW_POINTS,
      symbolSize: 5,
      smooth: false,
      lineStyle: { width: 1.5 },
      areaStyle: line.area ? { opacity: 0.12 } : undefined,
      emphasis: { focus: 'series' },
    })),
  };
}

let echarts: Promise<typeof EchartsModule> | undefined;
/** ECharts, imported once however many charts mount together. */
function loadEcharts() {
  echarts ??= import('./echarts');
  // A failed load is tried again by the next chart that mounts.
  echarts.catch(() => (echarts = undefined));
  return echarts;
}

/**
 * A time-series line chart. ECharts (a chunk of its own, the largest the console has) is loaded
 * when a chart first mounts, so a page that charts is usable before its charts are: the box keeps
 * its size meanwhile. The chart follows its box's size, takes its colours from the antd theme and
 * is disposed with the component.
 */
export function LineChart({ series, formatValue, max, height = 280, label, testId }: LineChartProps) {
  const { token } = theme.useToken();
  const compact = useIsMobile();
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    let unmounted = false;
    let instance: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    loadEcharts()
      .then(({ createChart }) => {
        if (unmounted) return;
        instance = createChart(element, currentLanguage() === 'zh-CN' ? 'ZH' : 'EN');
        // The box changes size with the window, the sidebar and the tags bar, not only on window resize.
        if (typeof ResizeObserver === 'function') {
          const created = instance;
          observer = new ResizeObserver(() => created.resize());
          observer.observe(element);
        }
        setChart(instance);
      })
      // A chunk that cannot load (a deploy replaced it) leaves the box empty; the page still works.
      .catch((error: unknown) => console.error(error));
    return () => {
      unmounted = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, []);

  useEffect(() => {
    // notMerge: a series that went away (another desktop, another range) must not linger.
    chart?.setOption(lineChartOption({ series, formatValue, max }, token, compact), { notMerge: true });
  }, [chart, series, formatValue, max, token, compact]);

  return (
    <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} data-testid={testId} />
  );
}
