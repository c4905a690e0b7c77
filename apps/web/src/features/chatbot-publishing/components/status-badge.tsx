import type { PublishRequestStatus } from '@app/contracts/chatbot-publishing';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<PublishRequestStatus, string> = { pending: 'yellow', approved: 'teal', rejected: 'red' };

export function StatusBadge({ status, testId }: { status: PublishRequestStatus; testId?: string }) {
  const { t } = useTranslation('chatbot-publishing');
  return (
    <Badge variant="light" color={COLOR[status]} tt="none" data-testid={testId}>
      {t(`status.${status}`)}
    </Badge>
  );
}
