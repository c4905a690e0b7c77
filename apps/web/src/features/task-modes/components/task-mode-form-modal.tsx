import type { AdminLlmModel } from '@app/contracts/llm-models';
import { TASK_MODE_INPUT, TASK_MODE_LIMITS, type TaskMode } from '@app/contracts/task-modes';
import { Group, NativeSelect, NumberInput, Paper, SimpleGrid, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/kit/form-modal';
import { useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import { useSaveTaskMode } from '../api/save-task-mode';
import { bodyOf, changesOf, formValuesOf, hasPlaceholder, previewOf, type TaskModeFormValues, validationKeys } from '../lib/task-mode-form';

/** The console's texts for refusals: a mode or model gone (404), the fields or the number of modes (422). */
export const SAVE_ERRORS = { 404: 'task-modes:errors.notFound', 422: 'task-modes:errors.invalid' };

export function TaskModeFormModal({ editing, models, order, onClose }: { editing: TaskMode | null; models: AdminLlmModel[]; order: number; onClose: () => void }) {
  const { t } = useTranslation('task-modes');
  const save = useMutationWithToast(useSaveTaskMode(), { success: t(editing ? 'toast.updated' : 'toast.created'), error: t(editing ? 'toast.updateFailed' : 'toast.createFailed'), overrides: SAVE_ERRORS });
  const form = useForm<TaskModeFormValues>({
    initialValues: formValuesOf(editing, order),
    validateInputOnBlur: true,
    validate: (values) => Object.fromEntries(Object.entries(validationKeys(values)).map(([field, key]) => [field, t(key, { max: field === 'prompt_template' ? TASK_MODE_LIMITS.templateMax : TASK_MODE_LIMITS.nameMax })])),
  });
  const template = form.values.prompt_template;
  const sample = t('form.sampleInput');
  const preview = previewOf(template, sample);

  // A change sends only what differs from the saved mode.
  const submit = (values: TaskModeFormValues) => save.runAsync(editing ? { id: editing.id, body: changesOf(values, editing) } : { id: null, body: bodyOf(values) });

  // A model switched off stays listed while a mode names it, so the select shows what is saved.
  const modelOptions = models.filter((m) => m.is_enabled || String(m.id) === form.values.llm_model_id);

  return (
    <FormModal
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      testId="task-mode-form"
      size="lg"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitTestId="task-mode-save"
      submitDisabled={!form.isDirty()}
    >
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
    </FormModal>
  );
}
