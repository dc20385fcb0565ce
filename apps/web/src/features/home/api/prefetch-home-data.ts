import type { QueryClient } from '@tanstack/react-query';
import { bannersQuery } from './list-banners';
import { hotGoodsQuery } from './list-hot-goods';

/**
 * Starts the home page's own data (the banners and hot goods) into the query cache, for a first load
 * that opens /index with a session: main.tsx calls it with the guard's requests, so the answers are
 * there when the page first renders, instead of being asked for once it has (then a second render
 * filled them in, a round trip later). A failure is left to the page's queries, which ask again.
 */
export function prefetchHomeData(client: QueryClient): void {
  void client.prefetchQuery(bannersQuery);
  void client.prefetchQuery(hotGoodsQuery);
}
