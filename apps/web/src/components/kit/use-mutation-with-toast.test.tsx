import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { useMutationWithToast, wasToasted } from './use-mutation-with-toast';
import { initTestI18n } from './test-utils';

beforeAll(initTestI18n);

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

function setup(fn: (n: number) => Promise<number>) {
  return renderHook(() => useMutationWithToast(useMutation({ mutationFn: fn }), { success: (d) => `Saved ${d}.`, error: (n) => `Could not save ${n}.` }), { wrapper }).result;
}

describe('useMutationWithToast', () => {
  it('shows the success toast and then calls back', async () => {
    const show = vi.spyOn(notifications, 'show');
    const done = vi.fn();
    const result = setup(async (n) => n * 2);
    act(() => result.current.run(21, done));
    await waitFor(() => expect(done).toHaveBeenCalledWith(42));
    expect(show).toHaveBeenCalledWith({ color: 'green', message: 'Saved 42.' });
    show.mockRestore();
  });

  it('shows the §8 text of a failure under the caller title, and marks it told', async () => {
    const show = vi.spyOn(notifications, 'show');
    const err = new ApiError(404, 'not_found', 'gone');
    const result = setup(() => Promise.reject(err));
    await act(() => expect(result.current.runAsync(7)).rejects.toBe(err));
    expect(show).toHaveBeenCalledWith({ id: undefined, color: 'red', title: 'Could not save 7.', message: 'The data does not exist.' });
    expect(wasToasted(err)).toBe(true);
    show.mockRestore();
  });
});
