import { TASK_MODE_INPUT, TASK_MODE_LIMITS, type TaskMode } from '@app/contracts/task-modes';
import { ActionIcon, Button, Code, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPencil, IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { type Column, DataTable } from '../../../components/kit/data-table';
import { useMutationWithToast } from '../../../components/kit/use-mutation-with-toast';
import { useDeleteTaskMode } from '../api/delete-task-mode';
import { useAdminLlmModels } from '../../../entities/llm-models';
import { useAdminTaskModes } from '../api/list-admin-task-modes';
import { useSetTaskModeActive } from '../api/save-task-mode';
import { modeName, nextOrder } from '../lib/task-mode-form';
import { SAVE_ERRORS, TaskModeFormModal } from './task-mode-form-modal';

/** The console's task modes (issue 27 §3): presets the chat input offers, each wrapping the member's message in a template. */
export function TaskModesPage() {
  const { t, i18n } = useTranslation('task-modes');
  const list = useAdminTaskModes();
  const models = useAdminLlmModels();
  // A switch flips at once and tells only a refusal.
  const setActive = useMutationWithToast(useSetTaskModeActive(), { error: t('toast.updateFailed'), overrides: SAVE_ERRORS });
  const remove = useMutationWithToast(useDeleteTaskMode(), { success: t('toast.deleted'), error: t('toast.deleteFailed'), overrides: SAVE_ERRORS });
  const [editing, setEditing] = useState<TaskMode | 'new' | null>(null);
  const modes = list.data?.items ?? [];
  const modelNames = new Map((models.data?.items ?? []).map((m) => [m.id, m.display_name]));
  const full = modes.length >= TASK_MODE_LIMITS.modesMax;

  const confirmDelete = (m: TaskMode) =>
    confirm({
      title: t('delete.title'),
      body: t('delete.body', { name: modeName(m, i18n.language) }),
      confirm: t('delete.confirm'),
      cancel: t('form.cancel'),
      testId: 'confirm-delete-task-mode',
      onConfirm: () => remove.run(m.id),
    });

  const toggle = (m: TaskMode, on: boolean) => setActive.run({ id: m.id, isActive: on });

  const columns: Column<TaskMode>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      width: 180,
      card: 'title',
      cell: (m) => (
        <>
          <Text fw={500} size="sm">
            {modeName(m, i18n.language)}
          </Text>
          <Text size="xs" c="dimmed">
            {i18n.language === 'ko' ? m.en_name : m.ko_name}
          </Text>
        </>
      ),
    },
    {
      key: 'template',
      header: t('columns.template'),
      card: true,
      cell: (m) => (
        <Text size="xs" c="dimmed" className="line-clamp-2" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} title={m.prompt_template}>
          {m.prompt_template}
        </Text>
      ),
    },
    {
      key: 'model',
      header: t('columns.model'),
      width: 170,
      card: true,
      cell: (m) => (
        <Text size="sm" c={m.llm_model_id === null ? 'dimmed' : undefined}>
          {m.llm_model_id === null ? t('chatbotModel') : (modelNames.get(m.llm_model_id) ?? t('unknownModel'))}
        </Text>
      ),
    },
    {
      key: 'active',
      header: t('columns.active'),
      width: 90,
      card: true,
      cell: (m) => (
        <Switch
          checked={m.is_active}
          onChange={(e) => toggle(m, e.currentTarget.checked)}
          aria-label={t('activeLabel', { name: modeName(m, i18n.language) })}
          data-testid={`task-mode-active-${m.id}`}
        />
      ),
    },
    { key: 'order', header: t('columns.order'), width: 70, card: true, cell: (m) => m.sort_order },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('columns.actions')}</span>,
      width: 90,
      card: 'actions',
      cell: (m) => (
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('editLabel', { name: modeName(m, i18n.language) })} onClick={() => setEditing(m)} data-testid={`task-mode-edit-${m.id}`}>
            <IconPencil size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('deleteLabel', { name: modeName(m, i18n.language) })} onClick={() => confirmDelete(m)} data-testid={`task-mode-delete-${m.id}`}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={1200}>
      <Group justify="space-between" align="flex-start">
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" maw={720}>
            <Trans t={t} i18nKey="description" values={{ placeholder: TASK_MODE_INPUT }} components={{ code: <Code /> }} />
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} disabled={full || list.isLoading || list.isError} title={full ? t('full', { max: TASK_MODE_LIMITS.modesMax }) : undefined} data-testid="new-task-mode">
          {t('new')}
        </Button>
      </Group>
      <Paper withBorder radius="md">
        <Group px="md" py="sm" justify="space-between">
          <Text fw={600} data-testid="task-mode-total">
            {t('total', { count: modes.length })}
          </Text>
        </Group>
        <DataTable
          rows={modes}
          columns={columns}
          rowKey={(m) => m.id}
          rowTestId={(m) => `task-mode-row-${m.id}`}
          testId="task-modes-table"
          minWidth={760}
          query={list}
          skeletonTestId="task-modes-loading"
          errorTexts={{ title: t('loadFailed'), retry: t('retry'), testId: 'task-modes-error' }}
          empty={{
            icon: <IconTemplate size={32} color="var(--mantine-color-gray-5)" aria-hidden />,
            title: t('empty.title'),
            text: t('empty.body'),
            testId: 'task-modes-empty',
            action: (
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                {t('new')}
              </Button>
            ),
          }}
        />
      </Paper>
      {editing ? (
        <TaskModeFormModal editing={editing === 'new' ? null : editing} models={models.data?.items ?? []} order={nextOrder(modes)} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
