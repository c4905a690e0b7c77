import type { Task } from '@app/contracts/tasks';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { clock } from '../lib/clock';
import type { ExportPhase, ExportProblem } from '../../../lib/task-export';

interface Props {
  task: Task | undefined;
  phase: ExportPhase;
  problem: ExportProblem | null;
  error: unknown;
  onDownloadAgain: () => void;
  onRetry: () => void;
  onClose: () => void;
}

/** The export's progress: percent, members done, elapsed time and the time left; then the file. */
export function ExportModal({ task, phase, problem, error, onDownloadAgain, onRetry, onClose }: Props) {
  const { t, i18n } = useTranslation('admin-members');
  const percent = phase === 'completed' || phase === 'downloading' ? 100 : (task?.progress ?? 0);
  const file = task?.file_name ?? '';
  return (
    <Modal opened onClose={onClose} title={t('export.title')} centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="export-modal">
      <Stack data-testid="export-progress" data-phase={phase}>
        {phase === 'failed' ? (
          <Alert color="red" data-testid="export-error">
            {t(`export.errors.${problem ?? 'generic'}`)}
            {problem === 'generic' || problem === 'download' ? (
              <Text size="xs" mt={4}>
                {errorMessage(t, error)}
              </Text>
            ) : null}
          </Alert>
        ) : (
          <>
            <Group gap="xs" wrap="nowrap">
              {phase === 'completed' ? <IconCircleCheck size={20} color="var(--mantine-color-teal-7)" aria-hidden /> : null}
              <Text size="sm" fw={500} data-testid="export-phase">
                {phase === 'exporting' ? t('export.exporting') : phase === 'downloading' ? t('export.downloading', { file }) : t('export.completed', { file })}
              </Text>
            </Group>
            <Progress value={percent} size="lg" animated={phase === 'exporting'} aria-label={t('export.title')} data-testid="export-bar" />
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600} data-testid="export-percent">
                {t('export.percent', { value: percent })}
              </Text>
              {task && task.total > 0 ? (
                <Text size="sm" c="dimmed">
                  {t('export.count', { done: task.done.toLocaleString(i18n.language), total: task.total.toLocaleString(i18n.language) })}
                </Text>
              ) : null}
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed" data-testid="export-elapsed">
                {t('export.elapsed', { time: clock(task?.elapsed_seconds ?? 0) })}
              </Text>
              {phase === 'exporting' ? (
                <Text size="sm" c="dimmed" data-testid="export-left">
                  {task?.estimated_seconds_left == null ? t('export.estimating') : t('export.left', { time: clock(task.estimated_seconds_left) })}
                </Text>
              ) : null}
            </Group>
          </>
        )}
        <Group justify="flex-end">
          {phase === 'completed' ? (
            <Button variant="default" onClick={onDownloadAgain} data-testid="export-download-again">
              {t('export.downloadAgain')}
            </Button>
          ) : null}
          {phase === 'failed' ? (
            <Button variant="default" onClick={onRetry} data-testid="export-retry">
              {t('export.tryAgain')}
            </Button>
          ) : null}
          <Button onClick={onClose} data-testid="export-close">
            {t('export.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
