import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fakeApi } from '../../../test/fake-api';
import { defaultPolicy, servePolicies, testPolicy } from '../test-policies';
import { useAssignPolicy } from './assign-policy';
import { useDeletePolicy } from './delete-policy';
import { useSavePolicy } from './save-policy';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const custom = testPolicy('pl-2', { name: '财务部' });
const body = { name: '研发部', clipboard: 'off', local_drive: 'off', usb_redirect: false } as const;

/** What the desktop pages and this page have cached (none of it watched, so nothing refetches). */
const CACHED = [
  ['desktops', 'policies'],
  ['desktops', 'list', { page: 1, limit: 20 }],
  ['policies', 'list', { page: 1, limit: 20 }],
] as const;

function withCache() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  for (const key of CACHED) queryClient.setQueryData(key, { list: [], total: 0 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const invalidated = () => CACHED.map((key) => queryClient.getQueryState(key)?.isInvalidated);
  return { wrapper, invalidated };
}

describe('policy writes', () => {
  it('a new policy refreshes the desktop pages’ policies and desktops too', async () => {
    servePolicies([defaultPolicy]);
    const { wrapper, invalidated } = withCache();
    const { result } = renderHook(() => useSavePolicy(), { wrapper });
    await act(() => result.current.mutateAsync({ body, idempotencyKey: 'k-1' }));
    expect(invalidated()).toEqual([true, true, true]);
  });

  it('an edit refreshes them as well', async () => {
    servePolicies([defaultPolicy, custom]);
    const { wrapper, invalidated } = withCache();
    const { result } = renderHook(() => useSavePolicy(), { wrapper });
    await act(() => result.current.mutateAsync({ policyId: 'pl-2', body }));
    expect(invalidated()).toEqual([true, true, true]);
  });

  it('an assignment refreshes the desktops, which show their policy', async () => {
    servePolicies([defaultPolicy, custom]);
    const { wrapper, invalidated } = withCache();
    const { result } = renderHook(() => useAssignPolicy(), { wrapper });
    await act(() => result.current.mutateAsync({ policyId: 'pl-2', desktopIds: ['dt-1'] }));
    expect(invalidated()).toEqual([true, true, true]);
  });

  it('a deletion refreshes them even when it fails (desktops may have moved already)', async () => {
    servePolicies([defaultPolicy, custom]);
    const deleted = withCache();
    const { result } = renderHook(() => useDeletePolicy(), { wrapper: deleted.wrapper });
    await act(() => result.current.mutateAsync('pl-2'));
    expect(deleted.invalidated()).toEqual([true, true, true]);

    fakeApi.fail('DELETE', '/user/policy/pl-2', 500, '服务器错误');
    const failed = withCache();
    const again = renderHook(() => useDeletePolicy(), { wrapper: failed.wrapper });
    await act(() => again.result.current.mutateAsync('pl-2').catch(() => undefined));
    expect(failed.invalidated()).toEqual([true, true, true]);
  });
});
