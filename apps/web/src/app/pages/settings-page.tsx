import { Box, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useCustomFields } from '../../entities/custom-fields';
import { useMemberGroups } from '../../entities/member-groups';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { BillingSection } from '../../features/billing/components/billing-section';
import { UsageCards } from '../../features/credits/components/usage-cards';
import { useMember } from '../../features/members/api/get-member';
import { GroupChangeSection } from '../../features/members/components/group-change-section';
import { ProfileForm } from '../../features/members/components/profile-form';
import { errorMessage } from '../../lib/status-messages';
import { useAuth } from '../../lib/use-auth';

/** /dashboard/settings: the member's own record, password and groups (a change is asked for, an administrator decides), credit usage, plan & credits. */
export default function SettingsPage() {
  const { t } = useTranslation('members');
  const { member: signedIn } = useAuth();
  const member = useMember(signedIn?.id);
  const fields = useCustomFields('all');
  const failed = member.error ?? fields.error;
  const defaultGroups = useMemberGroups(true);
  const additionalGroups = useMemberGroups(false);
  const groupsFailed = member.error ?? defaultGroups.error ?? additionalGroups.error;

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
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="my-groups-title" data-testid="my-groups">
            <Title order={3} size="h4" id="my-groups-title">
              {t('groups.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('groups.description')}
            </Text>
            {groupsFailed ? (
              <Text c="red.9" data-testid="groups-error">
                {errorMessage(t, groupsFailed)}
              </Text>
            ) : !member.data ? (
              <Stack>
                {Array.from({ length: 3 }, (_, i) => (
                  <Skeleton key={i} height={36} />
                ))}
              </Stack>
            ) : (
              <GroupChangeSection member={member.data} defaultGroups={defaultGroups.data?.items} additionalGroups={additionalGroups.data?.items} />
            )}
          </Paper>
        </SimpleGrid>
        <UsageCards memberId={signedIn?.id} />
        <BillingSection />
      </Stack>
    </Box>
  );
}
