import type { ChatSettings } from '@app/contracts/chat-settings';
import { Alert, Badge, Button, Divider, Group, Paper, Skeleton, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay, IconPlayerStop, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { useChatSettings } from '../api/get-chat-settings';
import { useUpdateChatSettings } from '../api/update-chat-settings';

/** One of the switch's two choices, explained; the one in force is marked. */
function Choice({ icon: Icon, color, title, body, current, testId }: { icon: TablerIcon; color: string; title: string; body: string; current: boolean; testId: string }) {
  const { t } = useTranslation('chat-settings');
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm" data-testid={testId} data-current={current}>
      <ThemeIcon variant="light" color={current ? color : 'gray'} size="lg" radius="md" aria-hidden>
        <Icon size={18} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          {current ? (
            <Badge size="sm" variant="light" color={color}>
              {t('current')}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {body}
        </Text>
      </Stack>
    </Group>
  );
}

function StopWithoutReaderCard({ settings }: { settings: ChatSettings }) {
  const { t } = useTranslation('chat-settings');
  const update = useUpdateChatSettings();
  // While a change is saved the switch shows it; a failed save puts it back.
  const on = update.isPending ? (update.variables.stop_answers_without_reader ?? settings.stop_answers_without_reader) : settings.stop_answers_without_reader;

  const onToggle = (next: boolean) =>
    update.mutate(
      { stop_answers_without_reader: next },
      {
        onSuccess: (s) => notifications.show({ color: 'green', message: t(s.stop_answers_without_reader ? 'toast.on' : 'toast.off') }),
        onError: (err) => notifications.show({ color: 'red', title: t('toast.saveFailed'), message: errorMessage(t, err) }),
      },
    );

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Switch
          size="md"
          checked={on}
          disabled={update.isPending}
          onChange={(e) => onToggle(e.currentTarget.checked)}
          label={<Text fw={600}>{t('stopWithoutReader.label')}</Text>}
          description={t('stopWithoutReader.description')}
          data-testid="chat-settings-stop-without-reader"
        />
        <Divider />
        <Choice icon={IconPlayerPlay} color="indigo" title={t('stopWithoutReader.off.title')} body={t('stopWithoutReader.off.body')} current={!on} testId="chat-settings-choice-off" />
        <Choice icon={IconPlayerStop} color="orange" title={t('stopWithoutReader.on.title')} body={t('stopWithoutReader.on.body')} current={on} testId="chat-settings-choice-on" />
        <Text size="xs" c="dimmed">
          {t('stopWithoutReader.note')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * Console "Chat settings" (decision 037): whether a member's answer keeps being written when its
 * reader leaves (the default) or is stopped. Saved as soon as the switch moves.
 */
export function ChatSettingsPage() {
  const { t, i18n } = useTranslation('chat-settings');
  const settings = useChatSettings();
  // Korean wraps between words, not inside one (zh and ja have no spaces to wrap at).
  const wrap = i18n.language === 'ko' ? ({ wordBreak: 'keep-all' } as const) : undefined;
  return (
    <Stack gap="lg" p={{ base: 'md', sm: 'xl' }} maw={900} style={wrap} data-testid="chat-settings-page">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </div>
      {settings.data ? (
        <StopWithoutReaderCard settings={settings.data} />
      ) : settings.isError ? (
        <Alert color="red" title={t('toast.loadFailed')} data-testid="chat-settings-load-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(t, settings.error)}</Text>
            <Button variant="default" size="xs" loading={settings.isFetching} onClick={() => void settings.refetch()} data-testid="chat-settings-retry">
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="lg" data-testid="chat-settings-loading">
          <Stack>
            <Skeleton height={28} width="60%" />
            <Skeleton height={16} width="85%" />
            {Array.from({ length: 2 }, (_, i) => (
              <Skeleton key={i} height={48} />
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
