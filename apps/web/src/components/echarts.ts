/**
 * ECharts as the console uses it: the core with only line charts, their grid, tooltip, legend and
 * zoom, drawn on canvas. Importing the core instead of 'echarts' keeps the other chart types out of
 * the bundle; only the pages that chart something import this module, so it rides in their chunks.
 */
import { init, use as registerParts, type ComposeOption, type EChartsType } from 'echarts/core';
import { LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type DataZoomComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

registerParts([
  LineChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export type LineChartOption = ComposeOption<
  | LineSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | DataZoomComponentOption
>;
export type { EChartsType };

/** A chart in `element`, with its built-in texts (zoom, tooltips) in `locale`. */
export function createChart(element: HTMLElement, locale: 'ZH' | 'EN'): EChartsType {
  return init(element, undefined, { renderer: 'canvas', locale });
}
