import { TASK_MODE_INPUT, TASK_MODE_LIMITS, type TaskMode } from '@app/contracts/task-modes';
import { ActionIcon, Alert, Button, Center, Code, Group, Paper, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { errorMessage } from '../../../lib/status-messages';
import { useDeleteTaskMode } from '../api/delete-task-mode';
import { useAdminLlmModels } from '../api/list-admin-llm-models';
import { useAdminTaskModes } from '../api/list-admin-task-modes';
import { useSetTaskModeActive } from '../api/save-task-mode';
import { modeName, nextOrder } from '../lib/task-mode-form';
import { SAVE_ERRORS, TaskModeFormModal } from './task-mode-form-modal';

/** The console's task modes (issue 27 §3): presets the chat input offers, each wrapping the member's message in a template. */
export function TaskModesPage() {
  const { t, i18n } = useTranslation('task-modes');
  const list = useAdminTaskModes();
  const models = useAdminLlmModels();
  const setActive = useSetTaskModeActive();
  const remove = useDeleteTaskMode();
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
      onConfirm: () =>
        remove.mutate(m.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('toast.deleted') }),
          onError: (err) => notifications.show({ color: 'red', title: t('toast.deleteFailed'), message: errorMessage(t, err, SAVE_ERRORS) }),
        }),
    });

  const toggle = (m: TaskMode, on: boolean) =>
    setActive.mutate(
      { id: m.id, isActive: on },
      { onError: (err) => notifications.show({ color: 'red', title: t('toast.updateFailed'), message: errorMessage(t, err, SAVE_ERRORS) }) },
    );

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
      {list.isError ? (
        <Alert color="red" title={t('loadFailed')} data-testid="task-modes-error">
          <Group justify="space-between">
            <Text size="sm">{errorMessage(t, list.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Paper withBorder radius="md">
          <Group px="md" py="sm" justify="space-between">
            <Text fw={600} data-testid="task-mode-total">
              {t('total', { count: modes.length })}
            </Text>
          </Group>
          {list.isLoading ? (
            <Stack p="md" data-testid="task-modes-loading">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} height={40} />
              ))}
            </Stack>
          ) : modes.length === 0 ? (
            <Center py={48} px="md">
              <Stack align="center" gap={6} data-testid="task-modes-empty" maw={420} ta="center">
                <IconTemplate size={32} color="var(--mantine-color-gray-5)" aria-hidden />
                <Text fw={500}>{t('empty.title')}</Text>
                <Text c="dimmed" size="sm">
                  {t('empty.body')}
                </Text>
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} mt="xs">
                  {t('new')}
                </Button>
              </Stack>
            </Center>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" highlightOnHover data-testid="task-modes-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={180}>{t('columns.name')}</Table.Th>
                    <Table.Th>{t('columns.template')}</Table.Th>
                    <Table.Th w={170}>{t('columns.model')}</Table.Th>
                    <Table.Th w={90}>{t('columns.active')}</Table.Th>
                    <Table.Th w={70}>{t('columns.order')}</Table.Th>
                    <Table.Th w={90}>
                      <span className="visually-hidden">{t('columns.actions')}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {modes.map((m) => (
                    <Table.Tr key={m.id} data-testid={`task-mode-row-${m.id}`}>
                      <Table.Td>
                        <Text fw={500} size="sm">
                          {modeName(m, i18n.language)}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {i18n.language === 'ko' ? m.en_name : m.ko_name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" c="dimmed" className="line-clamp-2" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} title={m.prompt_template}>
                          {m.prompt_template}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={m.llm_model_id === null ? 'dimmed' : undefined}>
                          {m.llm_model_id === null ? t('chatbotModel') : (modelNames.get(m.llm_model_id) ?? t('unknownModel'))}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          checked={m.is_active}
                          onChange={(e) => toggle(m, e.currentTarget.checked)}
                          aria-label={t('activeLabel', { name: modeName(m, i18n.language) })}
                          data-testid={`task-mode-active-${m.id}`}
                        />
                      </Table.Td>
                      <Table.Td>{m.sort_order}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon variant="subtle" aria-label={t('editLabel', { name: modeName(m, i18n.language) })} onClick={() => setEditing(m)} data-testid={`task-mode-edit-${m.id}`}>
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon variant="subtle" color="red" aria-label={t('deleteLabel', { name: modeName(m, i18n.language) })} onClick={() => confirmDelete(m)} data-testid={`task-mode-delete-${m.id}`}>
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      )}
      {editing ? (
        <TaskModeFormModal editing={editing === 'new' ? null : editing} models={models.data?.items ?? []} order={nextOrder(modes)} onClose={() => setEditing(null)} />
      ) : null}
    </Stack>
  );
}
