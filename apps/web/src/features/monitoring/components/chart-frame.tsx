import type { ReactNode } from 'react';
import { Button, Empty, Skeleton, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListEmpty } from '../../../components/list-empty';

/** What a chart's query (TanStack Query with `keepPreviousData`) tells its frame. */
export interface ChartQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface ChartFrameProps {
  query: ChartQuery;
  /** The answer has no points (a desktop made after the range, a range in the future). */
  empty: boolean;
  height: number;
  testId: string;
  children: ReactNode;
}

/**
 * A chart's states: a skeleton on the first load, the load error with a retry, a range without
 * points, else the chart, dimmed under a spinner while another desktop's or range's answer loads.
 */
export function ChartFrame({ query, empty, height, testId, children }: ChartFrameProps) {
  const { t } = useTranslation('monitoring');
  if (query.isPending)
    return (
      <div style={{ height }} data-testid={`${testId}-loading`}>
        <Skeleton active paragraph={{ rows: 5 }} />
      </div>
    );
  if (query.isError)
    return (
      <ListEmpty description={t('chart.loadFailed')} testId={`${testId}-error`}>
        <Button onClick={() => void query.refetch()}>{t('chart.retry')}</Button>
      </ListEmpty>
    );
  if (empty)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('chart.noPoints')}
        style={{ height, alignContent: 'center', margin: 0 }}
        data-testid={`${testId}-empty`}
      />
    );
  return <Spin spinning={query.isFetching && query.isPlaceholderData}>{children}</Spin>;
}
