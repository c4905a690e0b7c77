import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { confirm } from './confirm';
import { initTestI18n, renderKit } from './test-utils';

beforeAll(initTestI18n);

describe('confirm', () => {
  it('asks, and runs the action only on confirm', async () => {
    renderKit(null);
    const onConfirm = vi.fn();
    confirm({ title: 'Delete it?', body: 'It cannot be undone.', confirm: 'Delete', testId: 'confirm-delete', onConfirm });
    expect((await screen.findByTestId('confirm-delete-body')).textContent).toBe('It cannot be undone.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('confirm-delete')).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();

    confirm({ title: 'Delete it?', body: 'It cannot be undone.', confirm: 'Delete', cancel: 'Keep', testId: 'confirm-delete', onConfirm });
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByTestId('confirm-delete')).toBeNull());
  });
});
