import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { TenantLogo } from '../../components/tenant-logo';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { usePublicChatbot } from '../../features/public-chat/api/get-public-chatbot';
import { PublicFrame } from '../../features/public-chat/components/public-frame';
import { PublicUnavailable } from '../../features/public-chat/components/public-unavailable';
import { useTenant } from '../../entities/tenant';
import { sessionHint } from '../../lib/auth-store';
import { errorMessage, statusOf } from '../../lib/status-messages';
import { useAuth } from '../../lib/use-auth';
import { MemberLanguageSwitch } from '../member-language-switch';

/**
 * /public/chatbots/:hash (spec §6): a public chatbot's page for anyone with the link. Visitors chat
 * without signing in (charged to the creator); a member is offered the chat in their dashboard.
 */
export default function PublicChatbotPage() {
  const { t } = useTranslation('public');
  const { hash = '' } = useParams();
  const { accessToken } = useAuth();
  // A refresh cookie may be there even before this page has asked for an access token.
  const signedIn = !!accessToken || sessionHint.present();
  const tenant = useTenant();
  const bot = usePublicChatbot(hash);

  const actions = (
    <>
      <MemberLanguageSwitch compact />
      {signedIn ? (
        <Button component={Link} to={bot.data ? `/dashboard/chat/${bot.data.id}` : '/dashboard/chat'} size="xs" variant="light" data-testid="open-in-dashboard">
          {t(bot.data ? 'openInDashboard' : 'dashboard')}
        </Button>
      ) : (
        <Button component={Link} to="/auth" size="xs" variant="light" data-testid="public-sign-in">
          {t('signIn')}
        </Button>
      )}
    </>
  );

  let body;
  if (bot.isPending) body = <PageSkeleton />;
  else if (bot.isError)
    body =
      statusOf(bot.error) === 404 ? (
        <PublicUnavailable title={t('chatbot.unavailable.title')} body={t('chatbot.unavailable.body')} testId="public-chatbot-unavailable" />
      ) : (
        <PublicUnavailable title={t('chatbot.loadFailed')} body={errorMessage(t, bot.error)} testId="public-chatbot-error" />
      );
  else
    body = (
      <ChatScreen
        // Another chatbot's link starts another conversation.
        key={bot.data.id}
        chatbot={bot.data}
        models={null}
        mode="public"
        notice={
          <Text size="xs" c="dimmed" ta="center" style={{ wordBreak: 'keep-all' }} data-testid="guest-notice">
            {t('chatbot.guestNotice')}
          </Text>
        }
      />
    );

  return (
    <PublicFrame brand={<TenantLogo tenant={tenant.data} loading={tenant.isPending} withName />} actions={actions} fill>
      {body}
    </PublicFrame>
  );
}
