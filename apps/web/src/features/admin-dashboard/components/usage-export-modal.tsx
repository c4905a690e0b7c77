import type { Task } from '@app/contracts/tasks';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import type { ExportPhase, ExportProblem } from '../hooks/use-usage-export';

const clock = (seconds: number) => {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** The usage export's progress: percent, months done, elapsed and time left; then the file. */
export function UsageExportModal(props: {
  task: Task | undefined;
  phase: ExportPhase;
  problem: ExportProblem | null;
  error: unknown;
  onDownloadAgain: () => void;
  onRetry: () => void;
  onClose: () => void;
}) {
  const { task, phase, problem, error } = props;
  const { t } = useTranslation('admin-dashboard');
  const percent = phase === 'completed' || phase === 'downloading' ? 100 : (task?.progress ?? 0);
  const file = task?.file_name ?? '';
  return (
    <Modal opened onClose={props.onClose} title={t('export.title')} centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="usage-export-modal">
      <Stack data-testid="usage-export-progress" data-phase={phase}>
        {phase === 'failed' ? (
          <Alert color="red" data-testid="usage-export-error">
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
              <Text size="sm" fw={500} data-testid="usage-export-phase">
                {phase === 'exporting' ? t('export.exporting') : phase === 'downloading' ? t('export.downloading', { file }) : t('export.completed', { file })}
              </Text>
            </Group>
            <Progress value={percent} size="lg" animated={phase === 'exporting'} aria-label={t('export.title')} />
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={600} data-testid="usage-export-percent">
                {t('export.percent', { value: percent })}
              </Text>
              {task && task.total > 0 ? (
                <Text size="sm" c="dimmed">
                  {t('export.months', { done: task.done, total: task.total })}
                </Text>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {t('export.elapsed', { time: clock(task?.elapsed_seconds ?? 0) })}
            </Text>
          </>
        )}
        <Group justify="flex-end">
          {phase === 'completed' ? (
            <Button variant="default" onClick={props.onDownloadAgain} data-testid="usage-export-again">
              {t('export.downloadAgain')}
            </Button>
          ) : null}
          {phase === 'failed' ? (
            <Button variant="default" onClick={props.onRetry} data-testid="usage-export-retry">
              {t('export.tryAgain')}
            </Button>
          ) : null}
          <Button onClick={props.onClose} data-testid="usage-export-close">
            {t('export.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
