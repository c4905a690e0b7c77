import { Anchor, Center, Flex, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TenantLogo } from '../../components/tenant-logo';
import { useSignOut } from '../../features/auth/api/sign-out';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { useTenant } from '../../entities/tenant';
import { MemberLanguageSwitch } from '../member-language-switch';

/**
 * After signing in with a mailed temporary password: a new password before anything else. Once it
 * is set the session goes on to the page that was asked for.
 */
export default function ForcedPasswordChangePage() {
  const { t } = useTranslation('auth');
  const tenant = useTenant();
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <Center mih="100vh" p="lg" bg="gray.0">
      <Stack w="100%" maw={420} gap="lg">
        <Flex justify="space-between" align="center">
          <TenantLogo tenant={tenant.data} loading={tenant.isLoading} height={40} withName />
          <MemberLanguageSwitch compact />
        </Flex>
        <Paper withBorder p="xl" radius="md" shadow="xs" data-testid="forced-password-change">
          <Stack gap="md">
            <div>
              <Title order={2}>{t('forcedChange.title')}</Title>
              <Text size="sm" c="dimmed">
                {t('forcedChange.description')}
              </Text>
            </div>
            <ChangePasswordForm forced />
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="center"
              onClick={() => signOut.mutate(undefined, { onSettled: () => navigate('/auth', { replace: true }) })}
              data-testid="forced-sign-out"
            >
              {t('forcedChange.signOut')}
            </Anchor>
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
