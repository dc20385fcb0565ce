import { useState, type ReactNode } from 'react';
import { Button, Flex, Segmented, Switch, Tooltip, theme } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { FLOW_INTERVALS, MAX_METRIC_POINTS, type FlowInterval } from '@cloudbay/contracts/core';
import { useTranslation } from 'react-i18next';
import type { DateRangePickerProps } from '../../../components/date-range-picker';
import { LazyDateRangePicker } from '../../../components/lazy-date-range-picker';
import { useIsMobile } from '../../../lib/use-is-mobile';
import {
  QUICK_RANGE_KEYS,
  endsNow,
  isAllowed,
  isLongEnough,
  pointsIn,
  type MetricRange,
  type QuickRange,
} from '../metric-range';

type PickerValue = DateRangePickerProps['value'];

/**
 * The custom range's width beside the others: antd's RangePicker's natural width with two
 * 'YYYY-MM-DD HH:mm' inputs at 14 px, fixed so its skeleton while it loads is as wide.
 */
const CUSTOM_RANGE_WIDTH = 392;

export interface RangeToolbarProps {
  range: MetricRange;
  /** The picked custom range as the picker holds it (null while a quick range is active). */
  picked: PickerValue;
  onQuickRange: (range: QuickRange) => void;
  onCustomRange: (value: PickerValue, start: number, end: number) => void;
  interval: FlowInterval | undefined;
  onInterval: (interval: FlowInterval) => void;
  autoRefresh: boolean;
  onAutoRefresh: (on: boolean) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** A label and its control, stacked, so the bar wraps into readable rows (full width on a phone). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const narrow = useIsMobile();
  return (
    <Flex vertical gap={4} style={{ minWidth: 0, maxWidth: '100%', width: narrow ? '100%' : undefined }}>
      <span style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{label}</span>
      {children}
    </Flex>
  );
}

/** The steps of the range; those that would make more than MAX_METRIC_POINTS points are refused. */
function IntervalChoice({
  range,
  interval,
  onInterval,
}: Pick<RangeToolbarProps, 'range' | 'interval' | 'onInterval'>) {
  const { t } = useTranslation('monitoring');
  const narrow = useIsMobile();
  const options = FLOW_INTERVALS.map((value) => {
    const allowed = isAllowed(range, value);
    const label = t(`interval.${value}`);
    return {
      value,
      disabled: !allowed,
      label: allowed ? (
        label
      ) : (
        <Tooltip
          title={t('interval.tooMany', {
            points: pointsIn(range, value),
            max: MAX_METRIC_POINTS,
          })}
        >
          <span data-testid={`monitoring-interval-refused-${value}`}>{label}</span>
        </Tooltip>
      ),
    };
  });
  return (
    <Segmented<FlowInterval>
      options={options}
      value={interval}
      onChange={onInterval}
      block={narrow}
      aria-label={t('toolbar.interval')}
      data-testid="monitoring-interval"
    />
  );
}

/**
 * The time range (last hour, 6 hours, a day, a week, or picked instants), its step, the 30-second
 * auto-refresh of a range that ends now, and a refresh button.
 */
export function RangeToolbar(props: RangeToolbarProps) {
  const { t } = useTranslation('monitoring');
  const { range, picked, interval, autoRefresh } = props;
  const live = endsNow(range);
  // A phone has no room for the long names: '1 h' instead of 'Last hour'.
  const narrow = useIsMobile();
  const { token } = theme.useToken();
  // A pick shorter than a step is not applied: it stays in the picker, marked, with the reason.
  const [tooShort, setTooShort] = useState<PickerValue>(null);
  const quickRange = (quick: QuickRange) => {
    setTooShort(null);
    props.onQuickRange(quick);
  };

  return (
    <Flex wrap gap="middle" align="flex-end">
      <Field label={t('toolbar.range')}>
        <Segmented<QuickRange | 'custom'>
          options={QUICK_RANGE_KEYS.map((value) => ({
            value,
            label: narrow ? t(`range.short.${value}`) : t(`range.${value}`),
          }))}
          block={narrow}
          value={range.kind === 'quick' ? range.range : 'custom'}
          onChange={(value) => {
            if (value !== 'custom') quickRange(value);
          }}
          aria-label={t('toolbar.range')}
          data-testid="monitoring-range"
        />
      </Field>
      <Field label={t('toolbar.custom')}>
        <LazyDateRangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          value={tooShort ?? picked}
          status={tooShort ? 'error' : undefined}
          // Metrics exist only up to now.
          disabledDate={(day) => day.valueOf() > Date.now()}
          onChange={(value) => {
            const [start, end] = value ?? [];
            if (!start || !end) quickRange('1h');
            else if (!isLongEnough(start.valueOf(), end.valueOf())) setTooShort(value);
            else {
              setTooShort(null);
              props.onCustomRange(value, start.valueOf(), end.valueOf());
            }
          }}
          placeholder={[t('toolbar.start'), t('toolbar.end')]}
          style={{ width: narrow ? '100%' : CUSTOM_RANGE_WIDTH, maxWidth: '100%' }}
          data-testid="monitoring-custom-range"
        />
        {tooShort ? (
          <span
            role="alert"
            style={{ color: token.colorError, fontSize: token.fontSizeSM }}
            data-testid="monitoring-range-too-short"
          >
            {t('toolbar.rangeTooShort')}
          </span>
        ) : null}
      </Field>
      <Field label={t('toolbar.interval')}>
        <IntervalChoice range={range} interval={interval} onInterval={props.onInterval} />
      </Field>
      <Flex align="center" gap="small" style={{ minHeight: 32 }}>
        <Tooltip title={live ? t('toolbar.autoRefreshHint') : t('toolbar.autoRefreshFixed')}>
          <Flex align="center" gap="small">
            <Switch
              size="small"
              checked={live && autoRefresh}
              disabled={!live}
              onChange={props.onAutoRefresh}
              aria-label={t('toolbar.autoRefresh')}
              data-testid="monitoring-auto-refresh"
            />
            <span>{t('toolbar.autoRefresh')}</span>
          </Flex>
        </Tooltip>
        <Button
          icon={<ReloadOutlined />}
          onClick={props.onRefresh}
          loading={props.refreshing}
          data-testid="monitoring-refresh"
        >
          {t('toolbar.refresh')}
        </Button>
      </Flex>
    </Flex>
  );
}
