import type { PublishRequestStatus } from '@app/contracts/chatbot-publishing';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Light badges with darker text than Mantine's: 4.5:1 contrast for their small bold text (axe in the browser tests). */
const COLOR: Record<PublishRequestStatus, { color: string; text: string }> = {
  pending: { color: 'orange', text: '#a84300' },
  approved: { color: 'teal', text: '#0b6e4f' },
  rejected: { color: 'red', text: '#b02525' },
};

export function StatusBadge({ status, testId }: { status: PublishRequestStatus; testId?: string }) {
  const { t } = useTranslation('chatbot-publishing');
  return (
    <Badge variant="light" color={COLOR[status].color} c={COLOR[status].text} tt="none" data-testid={testId}>
      {t(`status.${status}`)}
    </Badge>
  );
}
