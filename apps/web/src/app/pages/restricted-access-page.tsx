import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type RestrictedReason = 'admin' | 'session' | 'chatbot';

// The chatbot's reason keeps the id the chat's tests have always looked for.
const REASON_TEST_ID: Record<RestrictedReason, string> = { admin: 'restricted-admin', session: 'restricted-session', chatbot: 'chatbot-unavailable' };

/**
 * Spec §2's restricted-access page ("this is a restricted access page"), inside the dashboard's
 * frame at the URL the member opened: an admin URL, another member's (or no longer existing)
 * session, a chatbot that does not exist for them. A lazy chunk: the chat's initial load does not carry it.
 */
export default function RestrictedAccessPage({ reason }: { reason: RestrictedReason }) {
  const { t } = useTranslation('restricted-access');
  return (
    <Center mih="100%" p="lg">
      <Stack align="center" gap="sm" maw={460} data-testid="restricted-page" data-reason={reason}>
        <ThemeIcon size={64} radius="xl" color="red" variant="light" aria-hidden>
          <IconLock size={32} />
        </ThemeIcon>
        <Title order={1} size="h2" ta="center" style={{ wordBreak: 'keep-all' }}>
          {t('title')}
        </Title>
        <Text c="dimmed" ta="center" style={{ wordBreak: 'keep-all' }} data-testid={REASON_TEST_ID[reason]}>
          {t(`reason.${reason}`)}
        </Text>
        <Button component={Link} to="/dashboard/chat" variant="light" mt="xs" data-testid="restricted-back">
          {t('backToChat')}
        </Button>
      </Stack>
    </Center>
  );
}
