import { useEffect } from 'react';
import { Skeleton, type TableProps } from 'antd';
import { lazyPart } from '../lib/lazy-part';
import { prefetchListEmpty } from './list-empty';

// antd's Table with rc-table, its row selection (Checkbox, Radio), sorter and empty state: about
// 25 KB gzip that a list cannot use before its rows arrive. So it downloads from the list's mount
// on, in parallel with the rows' request, antd's skeleton holding the table's place meanwhile.
const Table = lazyPart(() => import('./antd-table'), 'Table');

/** antd's Table, loaded on demand (started when the list mounts, with the lists' empty state). */
export function LazyTable<T extends object>(props: TableProps<T>) {
  useEffect(() => {
    Table.prefetch();
    prefetchListEmpty();
  }, []);
  return (
    <Table
      {...(props as TableProps<unknown>)}
      fallback={<Skeleton active title={false} paragraph={{ rows: 6 }} style={{ paddingBlock: 16 }} />}
    />
  );
}
