import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { bannersQuery } from './list-banners';
import { hotGoodsQuery } from './list-hot-goods';
import { prefetchHomeData } from './prefetch-home-data';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

describe('prefetchHomeData', () => {
  it('fills the client with the banners and hot goods under the keys the page reads', async () => {
    fakeApi.ok('GET', '/banner', [{ id: 1 }]);
    fakeApi.ok('GET', '/hot_goods', [{ id: 2 }]);
    const client = new QueryClient();
    prefetchHomeData(client);
    await waitFor(() => expect(client.getQueryData(hotGoodsQuery.queryKey)).toEqual([{ id: 2 }]));
    expect(client.getQueryData(bannersQuery.queryKey)).toEqual([{ id: 1 }]);
    expect(fakeApi.requests('GET', '/banner')).toHaveLength(1);
  });

  it('leaves a failure to the page, whose query asks again', async () => {
    fakeApi.fail('GET', '/banner', 500, 'boom');
    fakeApi.ok('GET', '/hot_goods', []);
    const client = new QueryClient();
    prefetchHomeData(client);
    await waitFor(() => expect(client.getQueryState(bannersQuery.queryKey)?.status).toBe('error'));
    expect(client.getQueryData(bannersQuery.queryKey)).toBeUndefined();
  });
});
