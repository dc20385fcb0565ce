import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useResourceMutation } from './use-resource-mutation';

const LIST_KEY = ['things', 'list'] as const;

/** A list on screen whose every read answers the next version, and a call that changes a thing. */
function renderListAndCall() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  let version = 0;
  let release: () => void = () => undefined;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => ({
      list: useQuery({
        queryKey: LIST_KEY,
        // The first read answers at once; a refresh only when the test lets it.
        queryFn: () =>
          version === 0
            ? Promise.resolve(++version)
            : new Promise<number>((resolve) => (release = () => resolve(++version))),
      }),
      call: useResourceMutation(['things'], () => Promise.resolve('done')),
    }),
    { wrapper },
  );
  return { result, release: () => release(), shown: () => queryClient.getQueryData<number>(LIST_KEY) };
}

describe('useResourceMutation', () => {
  it('settles a success only once the lists on screen have been read again', async () => {
    const { result, release, shown } = renderListAndCall();
    await waitFor(() => expect(result.current.list.data).toBe(1));

    // What the list holds when the call settles (a dialog waiting for it closes then).
    let settledOn: number | undefined;
    let sent!: Promise<void>;
    act(() => {
      sent = result.current.call.mutateAsync(undefined).then(() => void (settledOn = shown()));
    });
    await waitFor(() => expect(result.current.list.isFetching).toBe(true));
    // The list's refresh has not answered: the call is not done yet.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settledOn).toBeUndefined();

    release();
    await act(() => sent);
    expect(settledOn).toBe(2);
  });
});
