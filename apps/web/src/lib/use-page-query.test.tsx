import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { usePageQuery, type PageQuery } from './use-page-query';

function renderAt(path: string) {
  const seen: { current?: PageQuery } = {};
  function Probe() {
    seen.current = usePageQuery();
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', Component: Probe }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, seen };
}

describe('usePageQuery', () => {
  it('reads page and size from the URL', () => {
    const { seen } = renderAt('/list?page=3&limit=50&status=1');
    expect(seen.current).toMatchObject({ page: 3, limit: 50 });
  });

  it('falls back to page 1 and the default size for missing or invalid values', () => {
    const { seen } = renderAt('/list?page=x&limit=7');
    expect(seen.current).toMatchObject({ page: 1, limit: 20 });
  });

  it('writes page and size, keeps the filters and leaves defaults out', () => {
    const { router, seen } = renderAt('/list?status=1');
    act(() => seen.current?.setPage(2, 50));
    expect(router.state.location.search).toBe('?status=1&page=2&limit=50');
    expect(seen.current).toMatchObject({ page: 2, limit: 50 });
    act(() => seen.current?.setPage(4));
    expect(router.state.location.search).toBe('?status=1&page=4&limit=50');
    act(() => seen.current?.setPage(1, 20));
    expect(router.state.location.search).toBe('?status=1');
  });
});
