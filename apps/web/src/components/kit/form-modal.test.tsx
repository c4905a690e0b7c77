import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { contractValidate } from '../../lib/form-schema';
import { FormModal } from './form-modal';
import { initTestI18n, renderKit } from './test-utils';

beforeAll(initTestI18n);

const body = z.object({ name: z.string().trim().min(1, 'name_required') });
const texts: Record<string, string> = { name_required: 'Enter a name.', name_taken: 'That name is taken.' };

function NameForm({ onSubmit, onClose = () => undefined }: { onSubmit: (v: { name: string }) => Promise<unknown>; onClose?: () => void }) {
  const form = useForm({ initialValues: { name: '' }, validateInputOnBlur: true, validate: contractValidate(body, (code) => texts[code] ?? code) });
  return (
    <FormModal title="New thing" testId="thing-form" form={form} onSubmit={onSubmit} onClose={onClose} submitTestId="thing-save" fieldMessage={(code) => texts[code]}>
      <TextInput label="Name" data-testid="thing-name" {...form.getInputProps('name')} />
    </FormModal>
  );
}

describe('FormModal', () => {
  it('validates with the contract schema before saving', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderKit(<NameForm onSubmit={onSubmit} />);
    fireEvent.click(screen.getByTestId('thing-save'));
    expect(await screen.findByText('Enter a name.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves, shows the pending state, and closes', async () => {
    let resolve: () => void = () => undefined;
    const onClose = vi.fn();
    renderKit(<NameForm onSubmit={() => new Promise<void>((r) => (resolve = r))} onClose={onClose} />);
    fireEvent.change(screen.getByTestId('thing-name'), { target: { value: 'Lamp' } });
    fireEvent.click(screen.getByTestId('thing-save'));
    await waitFor(() => expect(screen.getByTestId('thing-save').getAttribute('data-loading')).toBe('true'));
    resolve();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it("puts a 422's details on their fields", async () => {
    renderKit(<NameForm onSubmit={() => Promise.reject(new ApiError(422, 'validation_error', 'bad', [{ path: '/name', message: 'name_taken' }]))} />);
    fireEvent.change(screen.getByTestId('thing-name'), { target: { value: 'Lamp' } });
    fireEvent.click(screen.getByTestId('thing-save'));
    expect(await screen.findByText('That name is taken.')).toBeTruthy();
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('shows any other failure as an alert with its §8 text', async () => {
    renderKit(<NameForm onSubmit={() => Promise.reject(new ApiError(500, 'internal_error', 'boom'))} />);
    fireEvent.change(screen.getByTestId('thing-name'), { target: { value: 'Lamp' } });
    fireEvent.click(screen.getByTestId('thing-save'));
    expect((await screen.findByTestId('form-error')).textContent).toBe('A server error occurred. Please try again later.');
  });
});
