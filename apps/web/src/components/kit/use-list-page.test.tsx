import { notifications } from '@mantine/notifications';
import { renderHook } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from './test-utils';
import { useListPage } from './use-list-page';

beforeAll(initTestI18n);

type Query = { data: { items: unknown[] } | undefined; isError: boolean; error: unknown };

describe('useListPage', () => {
  it('toasts a failed read once under its id', () => {
    const show = vi.spyOn(notifications, 'show');
    const setPage = vi.fn();
    renderHook(() => useListPage({ query: { data: undefined, isError: true, error: new Error('x') }, page: 1, setPage, loadFailed: 'Could not load.', toastId: 'things-load' }));
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]![0]).toMatchObject({ id: 'things-load', color: 'red', title: 'Could not load.' });
    show.mockRestore();
  });

  it('goes back one page when the page shown is empty, never below the first', () => {
    const setPage = vi.fn();
    const { rerender } = renderHook((p: { query: Query; page: number }) => useListPage({ ...p, setPage, loadFailed: 'x', toastId: 'y' }), {
      initialProps: { query: { data: { items: [1] }, isError: false, error: null }, page: 3 },
    });
    expect(setPage).not.toHaveBeenCalled();
    rerender({ query: { data: { items: [] }, isError: false, error: null }, page: 3 });
    expect(setPage).toHaveBeenCalledWith(2);
    setPage.mockClear();
    rerender({ query: { data: { items: [] }, isError: false, error: null }, page: 1 });
    expect(setPage).not.toHaveBeenCalled();
  });
});
