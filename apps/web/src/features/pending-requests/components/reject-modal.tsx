import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/** Rejecting needs a reason (spec §5); it is emailed to the member(s). */
export function RejectModal({ count, name, loading, onReject, onClose }: { count: number; name?: string; loading: boolean; onReject: (reason: string) => void; onClose: () => void }) {
  const { t } = useTranslation('pending-requests');
  const form = useForm({
    initialValues: { reason: '' },
    validateInputOnBlur: true,
    validate: { reason: (v) => (v.trim() ? null : t('reject.required')) },
  });
  return (
    <Modal opened onClose={onClose} title={t('reject.title')} centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="reject-modal">
      <form onSubmit={form.onSubmit((v) => onReject(v.reason.trim()))} noValidate>
        <Stack>
          <Text size="sm">{name ? t('reject.bodyOne', { name }) : t('reject.bodyMany', { count })}</Text>
          <Textarea label={t('reject.reason')} description={t('reject.reasonHint')} withAsterisk autosize minRows={3} maxRows={8} maxLength={2000} data-testid="reject-reason" {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red" loading={loading} data-testid="reject-confirm">
              {t('reject.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
