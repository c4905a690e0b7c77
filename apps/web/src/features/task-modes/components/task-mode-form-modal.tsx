import type { AdminLlmModel } from '@app/contracts/llm-models';
import { TASK_MODE_INPUT, TASK_MODE_LIMITS, type TaskMode } from '@app/contracts/task-modes';
import { Button, Group, Modal, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { useSaveTaskMode } from '../api/save-task-mode';
import { bodyOf, changesOf, formValuesOf, hasPlaceholder, previewOf, type TaskModeFormValues, validationKeys } from '../lib/task-mode-form';

/** The console's texts for refusals: a mode or model gone (404), the fields or the number of modes (422). */
export const SAVE_ERRORS = { 404: 'task-modes:errors.notFound', 422: 'task-modes:errors.invalid' };

export function TaskModeFormModal({ editing, models, order, onClose }: { editing: TaskMode | null; models: AdminLlmModel[]; order: number; onClose: () => void }) {
  const { t } = useTranslation('task-modes');
  const save = useSaveTaskMode();
  const form = useForm<TaskModeFormValues>({
    initialValues: formValuesOf(editing, order),
    validateInputOnBlur: true,
    validate: (values) => Object.fromEntries(Object.entries(validationKeys(values)).map(([field, key]) => [field, t(key, { max: field === 'prompt_template' ? TASK_MODE_LIMITS.templateMax : TASK_MODE_LIMITS.nameMax })])),
  });
  const template = form.values.prompt_template;
  const sample = t('form.sampleInput');
  const preview = previewOf(template, sample);

  const submit = form.onSubmit((values) => {
    const done = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t(editing ? 'toast.updated' : 'toast.created') });
        onClose();
      },
      onError: (err: unknown) => notifications.show({ color: 'red', title: t(editing ? 'toast.updateFailed' : 'toast.createFailed'), message: errorMessage(t, err, SAVE_ERRORS) }),
    };
    if (editing) save.mutate({ id: editing.id, body: changesOf(values, editing) }, done);
    else save.mutate({ id: null, body: bodyOf(values) }, done);
  });

  // A model switched off stays listed while a mode names it, so the select shows what is saved.
  const modelOptions = models.filter((m) => m.is_enabled || String(m.id) === form.values.llm_model_id);

  return (
    <Modal opened onClose={onClose} title={t(editing ? 'form.editTitle' : 'form.createTitle')} size="lg" centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="task-mode-form">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('form.koName')} withAsterisk maxLength={TASK_MODE_LIMITS.nameMax} data-testid="task-mode-ko-name" {...form.getInputProps('ko_name')} />
            <TextInput label={t('form.enName')} withAsterisk maxLength={TASK_MODE_LIMITS.nameMax} data-testid="task-mode-en-name" {...form.getInputProps('en_name')} />
          </SimpleGrid>
          <div>
            <Textarea
              label={t('form.template')}
              description={t('form.templateHint', { placeholder: TASK_MODE_INPUT })}
              withAsterisk
              autosize
              minRows={4}
              maxRows={10}
              maxLength={TASK_MODE_LIMITS.templateMax}
              data-testid="task-mode-template"
              {...form.getInputProps('prompt_template')}
            />
            <Group justify="space-between" mt={4} gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed" data-testid="task-mode-placeholder-note">
                {template.trim() && !hasPlaceholder(template) ? t('form.noPlaceholder', { placeholder: TASK_MODE_INPUT }) : ''}
              </Text>
              <Text size="xs" c="dimmed" data-testid="task-mode-template-count" style={{ whiteSpace: 'nowrap' }}>
                {t('form.count', { count: template.length, max: TASK_MODE_LIMITS.templateMax })}
              </Text>
            </Group>
          </div>
          <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-light)">
            <Text size="xs" fw={600} mb={4}>
              {t('form.preview', { sample })}
            </Text>
            {preview ? (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="task-mode-preview">
                {preview}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" data-testid="task-mode-preview">
                {t('form.previewEmpty')}
              </Text>
            )}
          </Paper>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={t('form.model')}
              description={t('form.modelHint')}
              data-testid="task-mode-model"
              data={[{ value: '', label: t('chatbotModel') }, ...modelOptions.map((m) => ({ value: String(m.id), label: m.display_name }))]}
              {...form.getInputProps('llm_model_id')}
            />
            <NumberInput label={t('form.order')} description={t('form.orderHint')} min={0} max={1000} allowDecimal={false} allowNegative={false} data-testid="task-mode-order" {...form.getInputProps('sort_order')} />
          </SimpleGrid>
          <Switch label={t('form.active')} description={t('form.activeHint')} data-testid="task-mode-active" {...form.getInputProps('is_active', { type: 'checkbox' })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" disabled={!form.isDirty()} loading={save.isPending} data-testid="task-mode-save">
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
