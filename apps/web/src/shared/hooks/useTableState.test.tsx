import { act, renderHook } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTableState } from './useTableState';

const filterNames = ['q', 'status'] as const;
let hook: ReturnType<typeof useTableState<'q' | 'status'>> | undefined;
function Probe() {
  hook = useTableState(filterNames);
  return null;
}

function setup(initialUrl: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [initialUrl] });
  renderHook(() => null, { wrapper: () => <RouterProvider router={router} /> });
  return { router, get: () => hook! };
}

describe('table state in the URL (spec 2)', () => {
  it('defaults to page 1, sortBy updatedAt, sort desc', () => {
    const { get } = setup('/list');
    expect(get().state).toEqual({ current: 1, pageSize: 10, sortBy: 'updatedAt', sort: 'desc', filters: {} });
    expect(get().query).toEqual({ offset: 0, limit: 10, sortBy: 'updatedAt', sort: 'desc' });
  });

  it('reads the page, sort and filters from the URL', () => {
    const { get } = setup('/list?current=3&pageSize=20&sortBy=name&sort=asc&q=ava&other=x');
    expect(get().state).toEqual({ current: 3, pageSize: 20, sortBy: 'name', sort: 'asc', filters: { q: 'ava' } });
    expect(get().query).toEqual({ offset: 40, limit: 20, sortBy: 'name', sort: 'asc', q: 'ava' });
  });

  it('writes page changes to the URL', () => {
    const { get, router } = setup('/list');
    act(() => get().setPage(2, 50));
    expect(router.state.location.search).toBe('?current=2&pageSize=50');
  });

  it('resets current to 1 when a filter changes', () => {
    const { get, router } = setup('/list?current=4&pageSize=10');
    act(() => get().setFilter('status', 'active'));
    expect(new URLSearchParams(router.state.location.search).get('current')).toBe('1');
    expect(get().state.filters).toEqual({ status: 'active' });
    act(() => get().setFilter('status', undefined));
    expect(get().state.filters).toEqual({});
  });

  it('keeps both ends of a range set in one change (two setFilter calls in a row keep only the last)', () => {
    const { get, router } = setup('/list?current=3');
    act(() => get().setFilters({ q: 'from-here', status: 'to-there' }));
    expect(get().state.filters).toEqual({ q: 'from-here', status: 'to-there' });
    expect(new URLSearchParams(router.state.location.search).get('current')).toBe('1');
  });

  it('falls back to defaults for nonsense values', () => {
    const { get } = setup('/list?current=-2&pageSize=abc&sort=sideways');
    expect(get().state).toMatchObject({ current: 1, pageSize: 10, sort: 'desc' });
  });
});
