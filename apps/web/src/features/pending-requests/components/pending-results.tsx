import type { ProcessPendingResponse } from '@app/contracts/admin-members';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type Outcome = ProcessPendingResponse['items'][number] & { label: string };

/** What a bulk approval or rejection did, member by member. */
export function PendingResults({ outcomes, onClose }: { outcomes: Outcome[]; onClose: () => void }) {
  const { t } = useTranslation('pending-requests');
  return (
    <Alert title={t('results.title')} color={outcomes.some((o) => o.status === 'failed') ? 'indigo' : 'teal'} withCloseButton closeButtonLabel={t('results.close')} onClose={onClose} data-testid="pending-results">
      <Stack gap={4}>
        {outcomes.map((o) => (
          <Group key={o.member_id} gap="xs" wrap="nowrap" data-testid={`pending-result-${o.member_id}`}>
            <Badge color={o.status === 'failed' ? 'red' : o.status === 'active' ? 'teal' : 'gray'} variant="dot" miw={100}>
              {t(`results.status.${o.status}`)}
            </Badge>
            <Text size="sm">{o.label}</Text>
            {o.error_code ? (
              <Text size="sm" fw={500}>
                {t(`results.errors.${o.error_code}`, { defaultValue: t('results.errors.unknown') })}
              </Text>
            ) : null}
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
