/**
 * Page and size of a list kept in the URL (`?page=2&limit=50`), so a reload, a shared link or the
 * way back from a detail page shows the same page. Other search parameters (filters) are kept.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '@cloudbay/contracts/core';
import { parseLimit, parsePage, type PageState } from './pagination';

export interface PageQuery extends PageState {
  /** Shows `page` with `limit` rows; a default value is left out of the URL. */
  setPage(page: number, limit?: number): void;
  /** Back to page 1, e.g. after the filters changed. */
  resetPage(): void;
}

export function usePageQuery(): PageQuery {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const limit = parseLimit(searchParams.get('limit'));

  const setPage = useCallback(
    (nextPage: number, nextLimit?: number) => {
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          const size = nextLimit ?? parseLimit(previous.get('limit'));
          if (nextPage > 1) params.set('page', String(nextPage));
          else params.delete('page');
          if (size !== DEFAULT_PAGE_SIZE) params.set('limit', String(size));
          else params.delete('limit');
          return params;
        },
        // Paging is not a new place to go back to, and the pager scrolls to the top itself (eased).
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const resetPage = useCallback(() => setPage(1), [setPage]);

  return { page, limit, setPage, resetPage };
}
