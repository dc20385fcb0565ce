import { useEffect, useRef } from 'react';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGER_COUNT, PAGE_SIZES } from '@cloudbay/contracts/core';
import { lazyPart } from '../lib/lazy-part';
import { nextPageState, pagerCount } from '../lib/pagination';
import { scrollToTop } from '../lib/scroll-to-top';
import { useIsMobile } from '../lib/use-is-mobile';

// antd's Pagination brings its size changer's Select (rc-select and its virtual list, about 20 KB
// gzip), which a list's first screen does not need: the pager arrives a moment after the rows, its
// place held at its height meanwhile. Its download starts when the list mounts (the pager is hidden
// until the rows are there), so it comes with the rows.
const AntPagination = lazyPart(() => import('./antd-pagination'), 'AntPagination');

export interface PaginationProps {
  /** How many rows the whole list has. */
  total: number;
  /** The page shown, 1-based. */
  page: number;
  /** Rows per page: one of 10, 20, 30, 50. */
  limit: number;
  /** Called with the page and size to load next (a size change may send the list back to page 1). */
  onChange: (page: number, limit: number) => void;
  /** Hides the pager, e.g. while the list is empty. */
  hidden?: boolean;
  /** Scroll back to the top after a change (default true). */
  autoScroll?: boolean;
}

/**
 * The pager under every list (spec §9 Paging): sizes 10/20/30/50, the size changer, quick jumper and
 * total on desktop; fewer page buttons on phones; after a change the page scrolls back to the top.
 */
export function Pagination({
  total,
  page,
  limit,
  onChange,
  hidden = false,
  autoScroll = true,
}: PaginationProps) {
  const { t } = useTranslation('kit');
  const { token } = theme.useToken();
  const isMobile = useIsMobile();
  const rootRef = useRef<HTMLDivElement>(null);
  const stopScroll = useRef<() => void>(undefined);

  // A scroll still running when the list unmounts would fight the next page's own scrolling.
  useEffect(() => () => stopScroll.current?.(), []);
  useEffect(() => AntPagination.prefetch(), []);

  if (hidden) return null;

  const handleChange = (nextPage: number, nextLimit: number) => {
    const next = nextPageState({ page, limit }, nextPage, nextLimit, total);
    onChange(next.page, next.limit);
    if (autoScroll) {
      stopScroll.current?.();
      stopScroll.current = scrollToTop(rootRef.current);
    }
  };

  return (
    <div
      ref={rootRef}
      data-testid="pagination"
      style={{ display: 'flex', justifyContent: 'flex-end', marginTop: token.marginMD }}
    >
      <AntPagination
        total={total}
        current={page}
        pageSize={limit}
        pageSizeOptions={[...PAGE_SIZES]}
        onChange={handleChange}
        // antd shows the first, the last and current ± 2 (7 buttons) by default, ± 1 (5) with less items.
        showLessItems={pagerCount(isMobile) < PAGER_COUNT}
        showSizeChanger={!isMobile}
        showQuickJumper={!isMobile}
        showTotal={isMobile ? undefined : (count) => t('pagination.total', { total: count })}
        size={isMobile ? 'small' : undefined}
        fallback={<div style={{ height: isMobile ? token.controlHeightSM : token.controlHeight }} />}
      />
    </div>
  );
}
