/** The state of a list the server filters and pages: the filters applied and the page in the URL. */
import { useState } from 'react';
import type { PageState } from './pagination';
import { usePageQuery, type PageQuery } from './use-page-query';

export interface ListFilter<F> extends Omit<PageQuery, 'resetPage'> {
  /** The filters the list and its export are asked with; every field is optional. */
  filter: Partial<F>;
  /** Applies new filters (the search form's submit, or `{}` for its reset). */
  applyFilter: (next: Partial<F>) => void;
  /** What the list's GET takes: the page, its size and the filters. */
  query: PageState & Partial<F>;
}

/** `initial`: the filters the list opens with (e.g. from a link's query). */
export function useListFilter<F extends object>(initial: Partial<F> = {}): ListFilter<F> {
  const [filter, setFilter] = useState<Partial<F>>(initial);
  const { page, limit, setPage, resetPage } = usePageQuery();
  const applyFilter = (next: Partial<F>) => {
    setFilter(next);
    // Another filter is another list: back to its first page.
    resetPage();
  };
  return { filter, applyFilter, page, limit, setPage, query: { page, limit, ...filter } };
}
