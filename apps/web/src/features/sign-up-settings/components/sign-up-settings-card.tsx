import { Card, Group, Progress, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/status-messages';
import { useSignUpSettings } from '../api/get-sign-up-settings';
import { useUpdateSignUpSettings } from '../api/update-sign-up-settings';

/**
 * Auto-approval and the plan's seats: members (active ones plus open invitations) against the
 * maximum the operator set. The maximum is not set here.
 */
export function SignUpSettingsCard() {
  const { t } = useTranslation('sign-up-settings');
  const settings = useSignUpSettings();
  const update = useUpdateSignUpSettings();
  const s = settings.data;

  useEffect(() => {
    if (settings.isError) notifications.show({ id: 'sign-up-settings-load', color: 'red', title: t('toast.loadFailed'), message: errorMessage(t, settings.error) });
  }, [settings.isError, settings.error, t]);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder radius="md" padding="lg">
        {s ? (
          <Switch
            size="md"
            checked={update.isPending ? update.variables.auto_approve : s.auto_approve}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate(
                { auto_approve: e.currentTarget.checked },
                {
                  onSuccess: (next) => notifications.show({ color: 'green', message: t(next.auto_approve ? 'toast.autoOn' : 'toast.autoOff') }),
                  onError: (err) => notifications.show({ color: 'red', title: t('toast.saveFailed'), message: errorMessage(t, err) }),
                },
              )
            }
            label={<Text fw={600}>{t('autoApprove.label')}</Text>}
            description={t('autoApprove.description')}
            data-testid="auto-approve"
          />
        ) : (
          <Skeleton height={48} />
        )}
      </Card>
      <Card withBorder radius="md" padding="lg" data-testid="member-count">
        {s ? (
          <Stack gap={6}>
            <Group justify="space-between">
              <Text fw={600}>{t('members.label')}</Text>
              <Text fw={600} data-testid="member-count-value">
                {s.max_members === null ? t('members.unlimited', { count: s.member_count }) : t('members.ofMax', { count: s.member_count, max: s.max_members })}
              </Text>
            </Group>
            {s.max_members !== null ? <Progress value={Math.min(100, (s.member_count / Math.max(1, s.max_members)) * 100)} color={s.member_count >= s.max_members ? 'red' : 'indigo'} aria-label={t('members.label')} /> : null}
            <Text size="sm" c="dimmed">
              {t('members.description')}
            </Text>
          </Stack>
        ) : (
          <Skeleton height={48} />
        )}
      </Card>
    </SimpleGrid>
  );
}
