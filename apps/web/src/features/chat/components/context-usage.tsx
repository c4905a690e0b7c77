import { RingProgress, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Tokens in thousands, for the context indicator (1.2K, 32K). */
const kTokens = (n: number) => (n >= 10_000 ? `${Math.round(n / 1000)}K` : n >= 1000 ? `${(n / 1000).toFixed(1)}K` : String(n));

/**
 * How much of the model's context the next question would fill (spec §2 context usage indicator).
 * Loaded after the chat input (chat-input): RingProgress's sections carry tooltips, so it brings
 * the positioning library.
 */
export default function ContextUsage({ used, limit }: { used: number; limit: number }) {
  const { t } = useTranslation('chat');
  const percent = Math.min(100, Math.round((used / Math.max(1, limit)) * 100));
  const label = t('contextUsage', { used: kTokens(used), limit: kTokens(limit), percent });
  return (
    <Tooltip label={label}>
      <span role="img" aria-label={label} data-testid="context-usage" data-percent={percent} data-used={used}>
        <RingProgress size={28} thickness={3} roundCaps sections={[{ value: Math.max(percent, 2), color: percent >= 90 ? 'red' : percent >= 70 ? 'orange' : 'indigo' }]} />
      </span>
    </Tooltip>
  );
}
