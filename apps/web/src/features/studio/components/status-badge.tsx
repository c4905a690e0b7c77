import type { Chatbot } from '@app/contracts/chatbots';
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { statusBadge } from '../lib/publish-status';

/** Private / waiting for review / public / rejected (spec §4). */
export function StatusBadge({ chatbot }: { chatbot: Chatbot }) {
  const { t } = useTranslation('studio');
  const b = statusBadge(chatbot);
  return (
    <Badge color={b.color} variant="light" tt="none" style={{ flex: 'none' }} styles={{ label: { color: b.textColor } }} data-testid={`status-${chatbot.id}`} data-status={b.status}>
      {t(b.label)}
    </Badge>
  );
}

/** The hint that a public chatbot's draft is not what visitors see yet. */
export function UnreleasedHint({ chatbot }: { chatbot: Chatbot }) {
  const { t } = useTranslation('studio');
  if (!statusBadge(chatbot).unreleased) return null;
  return (
    <Tooltip label={t('unreleased.tooltip')} multiline w={260} withArrow>
      <Badge color="orange" variant="dot" tt="none" tabIndex={0} data-testid={`unreleased-${chatbot.id}`}>
        {t('unreleased.label')}
      </Badge>
    </Tooltip>
  );
}
