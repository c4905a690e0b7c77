import { Box, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { useCustomFields } from '../../features/custom-fields/api/list-custom-fields';
import { useMember } from '../../features/members/api/get-member';
import { ProfileForm } from '../../features/members/components/profile-form';
import { errorMessage } from '../../lib/status-messages';
import { useAuth } from '../../lib/use-auth';

/** /dashboard/settings: the member's own record and password. */
export default function SettingsPage() {
  const { t } = useTranslation('members');
  const { member: signedIn } = useAuth();
  const member = useMember(signedIn?.id);
  const fields = useCustomFields('all');
  const failed = member.error ?? fields.error;

  return (
    <Box h="100%" style={{ overflowY: 'auto' }}>
      <Stack gap="lg" p="xl" maw={1200} data-testid="settings-page">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </div>
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
          <Paper withBorder radius="md" p="lg">
            <Title order={3} size="h4" mb="md">
              {t('profile.title')}
            </Title>
            {failed ? (
              <Text c="red.9" data-testid="settings-error">
                {errorMessage(t, failed)}
              </Text>
            ) : !member.data || !fields.data ? (
              <Stack>
                {Array.from({ length: 3 }, (_, i) => (
                  <Skeleton key={i} height={36} />
                ))}
              </Stack>
            ) : (
              <ProfileForm member={member.data} fields={fields.data.items} />
            )}
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Title order={3} size="h4">
              {t('password.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('password.description')}
            </Text>
            <ChangePasswordForm onChanged={() => notifications.show({ color: 'green', message: t('password.changed') })} />
          </Paper>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
