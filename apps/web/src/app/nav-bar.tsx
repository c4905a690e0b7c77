import { Box, Button, Divider, NavLink, Stack, UnstyledButton } from '@mantine/core';
import { IconBuildingStore, IconCode, IconLogout, IconPlus, IconSettings, IconShieldLock, IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { TenantLogo } from '../components/tenant-logo';
import { useSignOut } from '../features/auth/api/sign-out';
import { useChatbots } from '../features/chatbots/api/list-chatbots';
import { useCreditCheck } from '../features/credits/api/get-credit-check';
import { newChatTargetId } from '../features/credits/lib/warning-level';
import { SessionList } from '../features/sessions/components/session-list';
import { RecentChatbots } from '../features/store/components/recent-chatbots';
import { useTenant } from '../entities/tenant';
import { useAuth } from '../lib/use-auth';
import { MemberLanguageSwitch } from './member-language-switch';

/** The 264 px navigation bar of spec §2 (on small screens the drawer, whose header shows the logo). */
export function NavBar() {
  const { t } = useTranslation('nav');
  const { member } = useAuth();
  const navigate = useNavigate();
  const { chatbotId, sessionHashId } = useParams();
  const chatbots = useChatbots();
  const credits = useCreditCheck(member?.id);
  const signOut = useSignOut();
  const tenant = useTenant();
  const items = chatbots.data?.items ?? [];
  const firstDefault = items.find((c) => c.is_default);

  // New chat target (spec §2): when depleted on a plan with free low-cost use, the first low-cost chatbot; otherwise the open chatbot.
  const lowCost = items.find((c) => c.llm_model.is_low_llm && c.llm_model.is_available);
  const open = chatbotId ? Number(chatbotId) : firstDefault?.id;
  const newChatId = newChatTargetId(credits.data, lowCost?.id, open);
  const newChatTo = newChatId ? `/dashboard/chat/${newChatId}` : '/dashboard/chat';

  return (
    <Stack h="100%" gap="xs" p="sm" data-testid="nav-bar">
      <UnstyledButton component={Link} to="/dashboard/chat" title={t('home')} py={4} visibleFrom="sm">
        <TenantLogo tenant={tenant.data} loading={tenant.isLoading} height={32} withName />
      </UnstyledButton>
      <Button component={Link} to={newChatTo} leftSection={<IconPlus size={16} />} variant="light" fullWidth justify="flex-start" data-testid="new-chat-link">
        {t('newChat')}
      </Button>
      <Box className="hint" data-hint={t('studio.tooltip')}>
        <NavLink component={Link} to="/dashboard/studio" label={t('studio.title')} leftSection={<IconTools size={16} />} data-testid="studio-link" aria-description={t('studio.tooltip')} />
      </Box>
      <Box className="hint" data-hint={t('store.tooltip')}>
        <NavLink component={Link} to="/dashboard/store" label={t('store.title')} leftSection={<IconBuildingStore size={16} />} data-testid="store-link" aria-description={t('store.tooltip')} />
      </Box>
      <RecentChatbots openChatbotId={chatbotId && /^\d+$/.test(chatbotId) ? Number(chatbotId) : undefined} />
      <Divider />
      <SessionList openHash={sessionHashId} onDeletedOpen={() => navigate(firstDefault ? `/dashboard/chat/${firstDefault.id}` : '/dashboard/chat')} />
      <Divider />
      <Stack gap={6}>
        <MemberLanguageSwitch />
        <NavLink component={Link} to="/dashboard/developers" label={t('developers.title')} leftSection={<IconCode size={16} />} data-testid="developers-link" />
        <NavLink component={Link} to="/dashboard/settings" label={t('settings')} leftSection={<IconSettings size={16} />} data-testid="settings-link" />
        <NavLink
          component="button"
          label={t('signOut')}
          leftSection={<IconLogout size={16} />}
          data-testid="sign-out"
          onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/auth', { replace: true }) })}
        />
        {member?.is_admin ? (
          <Button component="a" href="/admin" target="_blank" rel="noopener" variant="default" leftSection={<IconShieldLock size={16} />} data-testid="admin-console-button">
            {t('adminConsole')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
