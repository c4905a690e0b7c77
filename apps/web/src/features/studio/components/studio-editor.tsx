import type { Chatbot } from '@app/contracts/chatbots';
import type { LlmModel } from '@app/contracts/llm-models';
import { Anchor, Box, Button, Center, Group, Paper, Skeleton, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconFlask, IconRefresh, IconSettings } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage, statusOf } from '../../../lib/status-messages';
import { chatbotName } from '../lib/names';
import { ChatbotForm } from './chatbot-form';
import { DocumentsField } from './documents-field';
import { ProfileImageField } from './profile-image-field';
import { PublishPanel } from './publish-panel';

export interface StudioEditorProps {
  memberId: number;
  /** The saved chatbot (GET /chatbots/{id}/); undefined while it loads. */
  chatbot: Chatbot | undefined;
  error: unknown;
  models: LlmModel[] | null;
  /** The live test chat (composed by the route from the chat feature), with the saved settings. */
  testChat: ReactNode;
  onRestartTest: () => void;
  /** A test conversation is under way (restart clears it). */
  testStarted: boolean;
}

function BackLink() {
  const { t } = useTranslation('studio');
  return (
    <Anchor component={Link} to="/dashboard/studio" size="sm" data-testid="studio-back">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t('editor.back')}
      </Group>
    </Anchor>
  );
}

function EditorSkeleton() {
  return (
    <Stack p={{ base: 'md', sm: 'lg' }} gap="md" data-testid="studio-editor-loading">
      <Skeleton height={14} width={120} />
      <Skeleton height={28} width="50%" />
      <Skeleton height={110} radius="md" />
      <Skeleton height={220} radius="md" />
      <Skeleton height={260} radius="md" />
    </Stack>
  );
}

/** What the editor shows when the chatbot cannot be edited: missing, another member's, or a platform default. */
function CannotEdit({ message }: { message: string }) {
  return (
    <Center p="xl" mih={300}>
      <Stack align="center" gap="sm" data-testid="studio-cannot-edit">
        <Text ta="center">{message}</Text>
        <BackLink />
      </Stack>
    </Center>
  );
}

/** /dashboard/studio/{id}: the settings on the left, the live test chat on the right (tabs on small screens). */
export function StudioEditor({ memberId, chatbot, error, models, testChat, onRestartTest, testStarted }: StudioEditorProps) {
  const { t, i18n } = useTranslation('studio');
  const wide = useMediaQuery('(min-width: 75em)', true, { getInitialValueInEffect: false });

  if (error) {
    const status = statusOf(error);
    return <CannotEdit message={status === 404 || status === 403 ? t('editor.notFound') : errorMessage(t, error)} />;
  }
  if (!chatbot) return <EditorSkeleton />;
  if (chatbot.is_default || chatbot.creator_id !== memberId) return <CannotEdit message={t('editor.notYours')} />;

  const name = chatbotName(chatbot, i18n.language) || t('untitled');

  const settings = (
    <Stack gap="md" p={{ base: 'md', sm: 'lg' }} maw={760} data-testid="studio-editor-form">
      <Stack gap={4}>
        <BackLink />
        <Title order={2} lineClamp={1} data-testid="studio-editor-title">
          {name}
        </Title>
      </Stack>
      {/* The form keeps its own values; another chatbot starts a fresh one. */}
      <ChatbotForm
        key={chatbot.id}
        chatbot={chatbot}
        models={models}
        before={(dirty) => (
          <>
            <PublishPanel chatbot={chatbot} dirty={dirty} />
            <ProfileImageField chatbot={chatbot} />
          </>
        )}
        after={<DocumentsField chatbot={chatbot} />}
      />
    </Stack>
  );

  const chat = (
    <Paper withBorder={!wide} radius={wide ? 0 : 'md'} h="100%" style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }} data-testid="studio-test-chat">
      <Group justify="space-between" px="md" py="xs" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <div style={{ minWidth: 0 }}>
          <Title order={2} size="h5">
            {t('test.title')}
          </Title>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {t('test.hint')}
          </Text>
        </div>
        <Tooltip label={t('test.restartHint')} withArrow>
          <Button variant="default" size="xs" leftSection={<IconRefresh size={14} />} style={{ flex: 'none' }} onClick={onRestartTest} disabled={!testStarted} data-testid="test-restart">
            {t('test.restart')}
          </Button>
        </Tooltip>
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>{testChat}</Box>
    </Paper>
  );

  if (wide) {
    return (
      <Box h="100%" style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' }} data-testid="studio-editor">
        <Box h="100%" style={{ overflowY: 'auto' }}>
          {settings}
        </Box>
        <Box h="100%" style={{ borderLeft: '1px solid var(--mantine-color-gray-3)', minHeight: 0 }}>
          {chat}
        </Box>
      </Box>
    );
  }
  return (
    <Tabs defaultValue="settings" data-testid="studio-editor" h="100%" style={{ display: 'flex', flexDirection: 'column' }}>
      <Tabs.List grow px="md" pt="xs">
        <Tabs.Tab value="settings" leftSection={<IconSettings size={16} />} data-testid="studio-tab-settings">
          {t('editor.settingsTab')}
        </Tabs.Tab>
        <Tabs.Tab value="test" leftSection={<IconFlask size={16} />} data-testid="studio-tab-test">
          {t('test.title')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="settings" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {settings}
      </Tabs.Panel>
      <Tabs.Panel value="test" p="sm" style={{ flex: 1, minHeight: 0 }}>
        {chat}
      </Tabs.Panel>
    </Tabs>
  );
}
