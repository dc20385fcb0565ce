/**
 * Live status of resource lists (spec: status updates while a resource is changing): a list is
 * asked again every LIVE_REFRESH_MS while any row on screen is on its way somewhere, and no longer
 * once every row has settled.
 */
/** How often a list is asked again while one of its rows is changing. */
export const LIVE_REFRESH_MS = 4_000;

/** The `refetchInterval` of a paged list whose rows `isChanging` tells apart. */
export function refreshWhileChanging<Row>(isChanging: (row: Row) => boolean) {
  // Structural: any query whose data is a page of such rows.
  return (query: { state: { data?: { list: readonly Row[] } } }) =>
    query.state.data?.list.some(isChanging) ? LIVE_REFRESH_MS : false;
}
