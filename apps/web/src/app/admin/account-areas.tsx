import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CustomFieldsSection } from '../../features/custom-fields/components/custom-fields-section';
import { InvitationsPage } from '../../features/invitations/components/invitations-page';
import { useMemberGroups } from '../../entities/member-groups';
import { PendingRequestsPage } from '../../features/pending-requests/components/pending-requests-page';
import { PoliciesSection } from '../../features/policies/components/policies-section';
import { SignUpSettingsCard } from '../../features/sign-up-settings/components/sign-up-settings-card';

/** Every group, default and additional, to name them in the console's lists. */
function useAllGroups() {
  const defaults = useMemberGroups(true);
  const extras = useMemberGroups(false);
  return { all: [...(defaults.data?.items ?? []), ...(extras.data?.items ?? [])], defaults: defaults.data?.items ?? [] };
}

/** Console "Pending requests". */
export function PendingRequestsArea() {
  return <PendingRequestsPage groups={useAllGroups().all} embedded />;
}

/** Console "Invitations": a row's group is one of the default groups (spec §5). */
export function InvitationsArea() {
  const groups = useAllGroups();
  return <InvitationsPage groups={groups.defaults} embedded />;
}

/** Console "Sign-up settings": auto-approval and seats, custom fields, policies. */
export function SignUpSettingsArea() {
  const { t } = useTranslation('sign-up-settings');
  return (
    <Stack gap="lg" p="xl" maw={1200}>
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('description')}</Text>
      </div>
      <SignUpSettingsCard />
      <CustomFieldsSection />
      <PoliciesSection />
    </Stack>
  );
}
