import type { ReactNode } from 'react';
import { Button, Drawer, Result, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useIsMobile } from '../../../lib/use-is-mobile';

export interface DetailDrawerProps<T> {
  /** The record's id; undefined keeps the drawer closed. */
  id: number | undefined;
  title: ReactNode;
  query: UseQueryResult<T>;
  /** The failed load's title and its retry button. */
  texts: { loadFailed: string; retry: string };
  /** Buttons in the header, given the loaded record. */
  extra?: (record: T) => ReactNode;
  testId: string;
  onClose: () => void;
  children: (record: T) => ReactNode;
}

/** One record of an operators' list in a side drawer: a skeleton while it loads, a retry if it fails. */
export function DetailDrawer<T>({
  id,
  title,
  query,
  texts,
  extra,
  testId,
  onClose,
  children,
}: DetailDrawerProps<T>) {
  const isMobile = useIsMobile();
  const body = () => {
    if (query.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
    if (query.isError)
      return (
        <Result
          status="error"
          title={texts.loadFailed}
          extra={<Button onClick={() => void query.refetch()}>{texts.retry}</Button>}
        />
      );
    return children(query.data);
  };
  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      title={title}
      size={isMobile ? '100%' : 760}
      destroyOnHidden
      extra={query.data && extra ? extra(query.data) : null}
      data-testid={testId}
    >
      {id !== undefined ? body() : null}
    </Drawer>
  );
}
