import { Button, Checkbox, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { isCreditLimit, MAX_CREDITS } from '../lib/member-edit';

/** The monthly credit limit for every selected member, or back to each one's group quota (null). */
export function BulkCreditModal({ count, loading, onApply, onClose }: { count: number; loading: boolean; onApply: (quota: number | null) => void; onClose: () => void }) {
  const { t } = useTranslation('admin-members');
  const form = useForm<{ quota: number | string; backToGroup: boolean }>({
    initialValues: { quota: '', backToGroup: false },
    validate: {
      quota: (v, values) => (values.backToGroup || isCreditLimit(v) ? null : t('edit.validation.credits')),
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('bulk.creditTitle', { count })} centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="bulk-credit-modal">
      <form onSubmit={form.onSubmit((v) => onApply(v.backToGroup ? null : Number(v.quota)))} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('bulk.creditHint')}
          </Text>
          <NumberInput
            label={t('edit.creditLimit')}
            min={0}
            max={MAX_CREDITS}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            hideControls
            disabled={form.values.backToGroup}
            data-testid="bulk-credit-value"
            {...form.getInputProps('quota')}
          />
          <Checkbox label={t('bulk.backToGroup')} data-testid="bulk-credit-back" {...form.getInputProps('backToGroup', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={loading} data-testid="bulk-credit-apply">
              {t('bulk.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
