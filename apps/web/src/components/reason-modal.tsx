import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** The texts of a decision that needs a reason (a rejection, spec §5), translated by the caller. */
export interface ReasonModalTexts {
  title: string;
  body: string;
  reason: string;
  reasonHint?: string;
  /** Shown when the reason is left empty. */
  required: string;
  cancel: string;
  confirm: string;
}

/**
 * Asks for a reason before a decision that is mailed to someone (a member request, a purchase
 * request): required, trimmed, at most 2,000 characters. `testId` prefixes the modal's test ids
 * (`<testId>-modal`, `-reason`, `-confirm`).
 */
export function ReasonModal({ texts, testId, loading, onConfirm, onClose }: { texts: ReasonModalTexts; testId: string; loading: boolean; onConfirm: (reason: string) => void; onClose: () => void }) {
  const { t } = useTranslation('common');
  const form = useForm({ initialValues: { reason: '' }, validateInputOnBlur: true, validate: { reason: (v) => (v.trim() ? null : texts.required) } });
  return (
    <Modal opened onClose={onClose} title={texts.title} centered closeButtonProps={{ 'aria-label': t('close') }} data-testid={`${testId}-modal`}>
      <form onSubmit={form.onSubmit((v) => onConfirm(v.reason.trim()))} noValidate>
        <Stack>
          <Text size="sm">{texts.body}</Text>
          <Textarea label={texts.reason} description={texts.reasonHint} withAsterisk autosize minRows={3} maxRows={8} maxLength={2000} data-testid={`${testId}-reason`} {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" color="red" loading={loading} data-testid={`${testId}-confirm`}>
              {texts.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
