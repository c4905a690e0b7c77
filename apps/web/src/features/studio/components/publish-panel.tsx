import type { Chatbot } from '@app/contracts/chatbots';
import { ActionIcon, Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconExternalLink, IconLock, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/kit/confirm';
import { localizedName } from '../../../lib/localized-name';
import { errorMessage } from '../../../lib/status-messages';
import { useSetChatbotAccess } from '../api/set-chatbot-access';
import { publicLink } from '../lib/names';
import { publishActions, statusBadge } from '../lib/publish-status';
import { PublishModal } from './publish-modal';
import { StatusBadge } from './status-badge';

/** Where the chatbot stands with publishing (spec §4) and what the author can do about it. */
export function PublishPanel({ chatbot, dirty }: { chatbot: Chatbot; dirty: boolean }) {
  const { t, i18n } = useTranslation('studio');
  const [asking, setAsking] = useState(false);
  const access = useSetChatbotAccess();
  const actions = publishActions(chatbot);
  const badge = statusBadge(chatbot);
  const link = publicLink(window.location.origin, chatbot.hash_id);
  const groups = chatbot.member_groups.map((g) => localizedName(g, i18n.language)).join(', ');

  const goPrivate = (kind: 'withdraw' | 'makePrivate') =>
    confirm({
      title: t(`publish.${kind}Title`),
      body: t(`publish.${kind}Body`),
      confirm: t(`publish.${kind}`),
      cancel: t('cancel'),
      testId: `confirm-${kind}`,
      onConfirm: () =>
        access.mutate(
          { id: chatbot.id, body: { is_public: false } },
          {
            onSuccess: () => notifications.show({ color: 'green', message: t(`publish.${kind}Done`) }),
            onError: (err) => notifications.show({ color: 'red', title: t('publish.errors.title'), message: errorMessage(t, err) }),
          },
        ),
    });

  const explanation =
    badge.status === 'waiting'
      ? t(chatbot.is_public ? 'publish.state.waitingUpdate' : 'publish.state.waiting')
      : badge.status === 'public'
        ? t('publish.state.public', { groups: groups || '—' })
        : badge.status === 'rejected'
          ? t(chatbot.is_public ? 'publish.state.rejectedUpdate' : 'publish.state.rejected')
          : t('publish.state.private');

  return (
    <Paper withBorder radius="md" p="md" data-testid="publish-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={3} size="h5">
              {t('publish.title')}
            </Title>
            <StatusBadge chatbot={chatbot} />
          </Group>
          <Group gap="xs">
            {actions.request ? (
              <Button size="xs" leftSection={<IconSend size={14} />} onClick={() => setAsking(true)} data-testid="publish-open">
                {t(actions.request === 'publish' ? (badge.status === 'rejected' ? 'publish.again' : 'publish.open') : 'publish.requestChanges')}
              </Button>
            ) : null}
            {actions.withdraw ? (
              <Button size="xs" variant="default" onClick={() => goPrivate('withdraw')} loading={access.isPending} data-testid="publish-withdraw">
                {t('publish.withdraw')}
              </Button>
            ) : null}
            {actions.makePrivate ? (
              <Button size="xs" variant="default" color="red" leftSection={<IconLock size={14} />} onClick={() => goPrivate('makePrivate')} loading={access.isPending} data-testid="publish-make-private">
                {t('publish.makePrivate')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <Text size="sm" c="dimmed" data-testid="publish-state">
          {explanation}
        </Text>
        {badge.status === 'rejected' ? (
          <Alert color="red" variant="light" title={t('rejected.title')} data-testid="publish-rejected">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {badge.reason ?? t('rejected.noReason')}
            </Text>
          </Alert>
        ) : null}
        {badge.unreleased ? (
          <Alert color="orange" variant="light" p="xs" data-testid="publish-unreleased">
            <Text size="sm">{t(chatbot.waiting_publish ? 'unreleased.waiting' : 'unreleased.body')}</Text>
          </Alert>
        ) : null}
        {actions.showLink ? (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput label={t('publish.link')} value={link} readOnly style={{ flex: 1, minWidth: 0 }} onFocus={(e) => e.currentTarget.select()} data-testid="public-link" />
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Tooltip label={t(copied ? 'publish.copied' : 'publish.copy')} withArrow>
                  <ActionIcon size={36} variant="light" color={copied ? 'teal' : 'indigo'} onClick={copy} aria-label={t('publish.copy')} data-testid="public-link-copy">
                    {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
            <Tooltip label={t('publish.openLink')} withArrow>
              <ActionIcon size={36} variant="subtle" color="gray" component="a" href={link} target="_blank" rel="noopener" aria-label={t('publish.openLink')}>
                <IconExternalLink size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ) : null}
      </Stack>
      {asking && actions.request ? <PublishModal chatbot={chatbot} kind={actions.request} dirty={dirty} onClose={() => setAsking(false)} /> : null}
    </Paper>
  );
}
