/**
 * The project's page answer `{ list, total, page, limit }` (RuoYi's table data, as every list
 * route returns it), and the SQL offset of a page. Lists page in SQL: `pageInSql` reads the page's
 * rows and the count under the same criteria at once.
 */
export interface Slice {
  page: number;
  limit: number;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** The rows to skip before `slice` (pages count from 1). */
export const offsetOf = (slice: Slice) => (slice.page - 1) * slice.limit;

/** The answer of one page: its items, the total under the same criteria, and the page asked for. */
export const pageOf = <T>(list: T[], total: number, slice: Slice): Page<T> => ({
  list,
  total,
  page: slice.page,
  limit: slice.limit,
});

/** One page read in SQL: the page's rows and the count under the same criteria, at once. */
export async function pageInSql<Row, Item>(
  query: Slice,
  read: {
    rows: (page: { offset: number; limit: number }) => Promise<Row[]>;
    count: () => Promise<number>;
    item: (row: Row) => Item;
  },
): Promise<Page<Item>> {
  const [rows, total] = await Promise.all([
    read.rows({ offset: offsetOf(query), limit: query.limit }),
    read.count(),
  ]);
  return pageOf(rows.map(read.item), total, query);
}
