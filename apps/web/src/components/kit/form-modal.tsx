import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { fieldIssues } from '../../lib/form-schema';
import { errorMessage } from '../../lib/status-messages';
import { wasToasted } from './use-mutation-with-toast';

export interface FormModalProps<V> {
  title: string;
  /** The modal's test id. */
  testId: string;
  form: UseFormReturnType<V>;
  /** Saves; a rejection is shown: a 422's fields on their inputs, anything else in an alert (unless a toast told it). */
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  /** Whether it closes itself after a successful save (default yes). */
  closeOnSuccess?: boolean;
  submitLabel?: string;
  cancelLabel?: string;
  submitTestId?: string;
  cancelTestId?: string;
  submitDisabled?: boolean;
  submitColor?: string;
  size?: ModalProps['size'];
  /** A 422 detail's message (the contract's error code) as the field's text; the §8 text otherwise. */
  fieldMessage?: (code: string) => string | undefined;
  children: ReactNode;
}

/** A modal form on Mantine's `useForm` (validated by the contract schema, see lib/form-schema.ts). */
export function FormModal<V>(p: FormModalProps<V>) {
  const { t } = useTranslation('common');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const showServerError = (err: unknown) => {
    if (err instanceof ApiError && err.status === 422) {
      const issues = fieldIssues(err.details).filter((i) => hasPath(p.form.getValues(), i.path));
      for (const i of issues) p.form.setFieldError(i.path, p.fieldMessage?.(i.message) ?? errorMessage(t, err));
      if (issues.length > 0) return;
    }
    if (!wasToasted(err)) setFailure(errorMessage(t, err));
  };

  const submit = p.form.onSubmit(async (values) => {
    setFailure(null);
    setPending(true);
    try {
      await p.onSubmit(values);
      setPending(false);
      if (p.closeOnSuccess !== false) p.onClose();
    } catch (err) {
      setPending(false);
      showServerError(err);
    }
  });

  return (
    <Modal opened onClose={p.onClose} title={p.title} size={p.size} centered closeButtonProps={{ 'aria-label': t('close') }} data-testid={p.testId}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {p.children}
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} data-testid="form-error">
              {failure}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={p.onClose} data-testid={p.cancelTestId}>
              {p.cancelLabel ?? t('kit.cancel')}
            </Button>
            <Button type="submit" color={p.submitColor} disabled={p.submitDisabled} loading={pending} data-testid={p.submitTestId}>
              {p.submitLabel ?? t('kit.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function hasPath(values: unknown, path: string): boolean {
  let v: unknown = values;
  for (const part of path.split('.')) {
    if (typeof v !== 'object' || v === null || !(part in v)) return false;
    v = (v as Record<string, unknown>)[part];
  }
  return true;
}
