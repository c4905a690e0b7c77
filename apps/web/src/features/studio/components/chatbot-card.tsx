import type { Chatbot } from '@app/contracts/chatbots';
import { ActionIcon, Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff, IconMessageCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canToggleHidden, statusBadge } from '../lib/publish-status';
import { chatbotName } from '../lib/names';
import { ChatbotImage } from '../../../components/chatbot-image';
import { StatusBadge, UnreleasedHint } from './status-badge';

export interface ChatbotCardActions {
  onToggleHidden: (c: Chatbot) => void;
  onDelete: (c: Chatbot) => void;
  /** The chatbot whose hide or delete is under way. */
  busyId: number | null;
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** One of the member's chatbots: picture, name, model, figures, publishing state and what can be done with it. */
export function ChatbotCard({ chatbot: c, onToggleHidden, onDelete, busyId }: { chatbot: Chatbot } & ChatbotCardActions) {
  const { t, i18n } = useTranslation('studio');
  const lang = i18n.language;
  const name = chatbotName(c, lang) || t('untitled');
  const n = (v: number) => v.toLocaleString(lang);
  const reason = statusBadge(c).reason;
  const busy = busyId === c.id;

  return (
    <Card withBorder radius="md" padding="md" data-testid={`studio-chatbot-${c.id}`} data-hidden={c.is_hidden} style={c.is_hidden ? { borderStyle: 'dashed' } : undefined}>
      <Stack gap="sm" h="100%">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <ChatbotImage src={c.profile_image_url} name={chatbotName(c, lang)} size={48} radius="md" lazy />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
              <Text component="h3" fw={600} size="md" lineClamp={1} m={0} c={chatbotName(c, lang) ? undefined : 'dimmed'} data-testid={`studio-chatbot-name-${c.id}`}>
                {name}
              </Text>
              <StatusBadge chatbot={c} />
            </Group>
            <Text size="xs" c="dimmed" truncate="end">
              {/* The offline demo's stored name is a hint for admins; members read its name from the catalogue. */}
              {c.llm_model.provider === 'offline' ? t('chat:offlineDemo.name') : c.llm_model.display_name}
            </Text>
          </Stack>
        </Group>
        {c.is_hidden || statusBadge(c).unreleased ? (
          <Group gap={6}>
            {c.is_hidden ? (
              <Badge color="gray" variant="outline" tt="none" leftSection={<IconEyeOff size={12} />} data-testid={`hidden-${c.id}`}>
                {t('list.hidden')}
              </Badge>
            ) : null}
            <UnreleasedHint chatbot={c} />
          </Group>
        ) : null}
        {c.publish_status === 'rejected' ? (
          <Alert color="red" variant="light" p="xs" title={t('rejected.title')} data-testid={`rejected-${c.id}`}>
            <Text size="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={3}>
              {reason ?? t('rejected.noReason')}
            </Text>
          </Alert>
        ) : null}
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
          <Figure label={t('list.messages')} value={n(c.message_count)} testId={`messages-${c.id}`} />
          <Figure label={t('list.tokens')} value={n(c.token_count)} testId={`tokens-${c.id}`} />
          <Figure label={t('list.monthMessages')} value={n(c.month_message_count)} testId={`month-messages-${c.id}`} />
          <Figure label={t('list.monthTokens')} value={n(c.month_token_count)} testId={`month-tokens-${c.id}`} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="auto">
          {c.last_chat_at
            ? t('list.lastChat', { date: new Date(c.last_chat_at).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' }) })
            : t('list.noChats')}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button component={Link} to={`/dashboard/studio/${c.id}`} variant="light" size="xs" leftSection={<IconPencil size={14} />} data-testid={`edit-${c.id}`}>
            {t('list.edit')}
          </Button>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('list.openChat')} withArrow>
              <ActionIcon component={Link} to={`/dashboard/chat/${c.id}`} variant="subtle" color="gray" size="lg" aria-label={t('list.openChatNamed', { name })} data-testid={`open-chat-${c.id}`}>
                <IconMessageCircle size={18} />
              </ActionIcon>
            </Tooltip>
            {canToggleHidden(c) ? (
              <Tooltip label={t(c.is_hidden ? 'list.unhide' : 'list.hide')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  loading={busy}
                  onClick={() => onToggleHidden(c)}
                  aria-label={t(c.is_hidden ? 'list.unhideNamed' : 'list.hideNamed', { name })}
                  data-testid={`toggle-hidden-${c.id}`}
                >
                  {c.is_hidden ? <IconEye size={18} /> : <IconEyeOff size={18} />}
                </ActionIcon>
              </Tooltip>
            ) : null}
            <Tooltip label={t('list.delete')} withArrow>
              <ActionIcon variant="subtle" color="red" size="lg" disabled={busy} onClick={() => onDelete(c)} aria-label={t('list.deleteNamed', { name })} data-testid={`delete-${c.id}`}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
