import type { BulkMembersResponse } from '@app/contracts/admin-members';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface BulkOutcome {
  items: BulkMembersResponse['items'];
  /** "Name (email)" of each member asked about, by id (the rows may have left the page since). */
  labels: Map<number, string>;
}

/** What a bulk action did: how many succeeded, and each member it could not do with the reason. */
export function BulkResults({ outcome, onClose }: { outcome: BulkOutcome; onClose: () => void }) {
  const { t } = useTranslation('admin-members');
  const ok = outcome.items.filter((i) => i.ok).length;
  const failed = outcome.items.filter((i) => !i.ok);
  return (
    <Alert
      title={t('bulk.resultsTitle', { ok, total: outcome.items.length })}
      color={failed.length > 0 ? 'indigo' : 'teal'}
      withCloseButton
      closeButtonLabel={t('bulk.closeResults')}
      onClose={onClose}
      data-testid="members-bulk-results"
    >
      {failed.length > 0 ? (
        <Stack gap={4}>
          {failed.map((i) => (
            <Group key={i.member_id} gap="xs" wrap="nowrap" data-testid={`members-bulk-result-${i.member_id}`}>
              <Badge color="red" variant="dot" miw={90}>
                {t('bulk.failed')}
              </Badge>
              <Text size="sm">{outcome.labels.get(i.member_id) ?? `#${i.member_id}`}</Text>
              <Text size="sm" fw={500}>
                {t(`bulk.errors.${i.error_code ?? 'unknown'}`, { defaultValue: t('bulk.errors.unknown') })}
              </Text>
            </Group>
          ))}
        </Stack>
      ) : null}
    </Alert>
  );
}
