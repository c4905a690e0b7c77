import { Alert, Box, Button, Container, Divider, Flex, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMessagePlus, IconShare } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { TenantLogo } from '../../components/tenant-logo';
import { ChatbotImage } from '../../components/chatbot-image';
import { ReadOnlyMessages } from '../../features/chat/components/read-only-messages';
import { useSharedHistory } from '../../features/public-chat/api/get-shared-history';
import { useSharedSession } from '../../features/public-chat/api/get-shared-session';
import { openNewChat } from '../../features/public-chat/components/new-chat-modal';
import { PublicFrame } from '../../features/public-chat/components/public-frame';
import { PublicUnavailable } from '../../features/public-chat/components/public-unavailable';
import { newChatTarget } from '../../features/public-chat/lib/new-chat-target';
import { openShareLink } from '../../features/sessions/components/share-panel';
import { useTenant } from '../../entities/tenant';
import { sessionHint } from '../../lib/auth-store';
import { localizedName } from '../../lib/localized-name';
import { errorMessage, statusOf } from '../../lib/status-messages';
import { useAuth } from '../../lib/use-auth';
import { MemberLanguageSwitch } from '../member-language-switch';

function MessagesSkeleton() {
  return (
    <Stack gap="md" data-testid="shared-history-loading">
      <Skeleton height={40} width="50%" ml="auto" />
      <Skeleton height={16} />
      <Skeleton height={16} width="90%" />
      <Skeleton height={16} width="75%" />
    </Stack>
  );
}

/**
 * /share/:hash: a session its member shared, read-only and without signing in (spec §2). It shows
 * the conversation, its title and date, and of its origin only the chatbot's name and image.
 */
export default function SharedSessionPage() {
  const { t, i18n } = useTranslation('public');
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const { accessToken } = useAuth();
  const signedIn = !!accessToken || sessionHint.present();
  const tenant = useTenant();
  const session = useSharedSession(hash);
  const history = useSharedHistory(hash, session.isSuccess);
  const rows = useMemo(() => [...(history.data?.pages ?? [])].reverse().flatMap((p) => p.items), [history.data]);

  const actions = (
    <>
      <MemberLanguageSwitch compact />
      <Button component={Link} to={signedIn ? '/dashboard/chat' : '/auth'} size="xs" variant="light" data-testid={signedIn ? 'open-in-dashboard' : 'public-sign-in'}>
        {t(signedIn ? 'dashboard' : 'signIn')}
      </Button>
    </>
  );

  let body;
  if (session.isPending) body = <PageSkeleton />;
  else if (session.isError)
    body =
      statusOf(session.error) === 404 ? (
        <PublicUnavailable title={t('shared.notFound.title')} body={t('shared.notFound.body')} testId="shared-session-not-found" />
      ) : (
        <PublicUnavailable title={t('shared.loadFailed')} body={errorMessage(t, session.error)} testId="shared-session-error" />
      );
  else {
    const s = session.data;
    const botName = localizedName(s.chatbot, i18n.language);
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(s.created_at));
    body = (
      <Container size={860} py="lg" px={{ base: 'sm', sm: 'lg' }}>
        {/* On a phone the buttons go under the title, which keeps the whole width. */}
        <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} gap="sm" data-testid="shared-session">
          <Group gap="sm" wrap="nowrap" miw={0} flex={1}>
            <ChatbotImage src={s.chatbot.profile_image_url} name={botName} size={48} />
            <Box miw={0}>
              <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="shared-title">
                {s.title || t('shared.untitled')}
              </Title>
              <Text size="sm" c="dimmed" data-testid="shared-chatbot">
                {t('shared.meta', { chatbot: botName, date })}
              </Text>
            </Box>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => openShareLink(t, window.location.href)} data-testid="shared-share">
              {t('shared.share')}
            </Button>
            <Button
              leftSection={<IconMessagePlus size={16} />}
              data-testid="shared-new-chat"
              onClick={() => {
                const target = newChatTarget(signedIn, s.chatbot);
                openNewChat(t, { name: botName, target, onStart: () => navigate(target) });
              }}
            >
              {t('shared.newChat')}
            </Button>
          </Group>
        </Flex>
        <Text size="xs" c="dimmed" mt="sm">
          {t('shared.readOnly')}
        </Text>
        <Divider my="md" />
        {history.isPending ? (
          <MessagesSkeleton />
        ) : history.isError ? (
          <Alert color="red" data-testid="shared-history-error">
            {errorMessage(t, history.error)}
          </Alert>
        ) : rows.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="shared-empty">
            {t('shared.empty')}
          </Text>
        ) : (
          <ReadOnlyMessages rows={rows} hasOlder={history.hasNextPage} loadingOlder={history.isFetchingNextPage} onLoadOlder={() => void history.fetchNextPage()} />
        )}
      </Container>
    );
  }

  return (
    <PublicFrame brand={<TenantLogo tenant={tenant.data} loading={tenant.isPending} withName />} actions={actions}>
      {body}
    </PublicFrame>
  );
}
