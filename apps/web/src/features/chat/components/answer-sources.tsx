import type { ChatSource } from '@app/contracts/chat';
import { Anchor, Group, HoverCard, Stack, Text } from '@mantine/core';
import { IconFileText, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** A web result's site, for the citation's short label. */
function siteOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/**
 * Under an answer: the numbered sources it may cite (issue 25 item 5, issue 27 item 1) — web
 * results link out (a new tab, no referrer), knowledge excerpts show their text on hover or focus.
 */
export function AnswerSources({ sources }: { sources: readonly ChatSource[] }) {
  const { t } = useTranslation('chat');
  if (sources.length === 0) return null;
  return (
    <Stack gap={4} mt="xs" data-testid="answer-sources" aria-label={t('sources.title')}>
      <Text size="xs" fw={600} c="dimmed">
        {t('sources.title')}
      </Text>
      <Group gap={6} wrap="wrap">
        {sources.map((s) => {
          const label = s.title ?? siteOf(s.url) ?? t('sources.untitled');
          const chip = (
            <Group gap={4} wrap="nowrap" px={8} py={2} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 999, maxWidth: 280 }}>
              <Text size="xs" fw={700} c="indigo.7">
                {s.index}
              </Text>
              {s.kind === 'web' ? <IconWorld size={12} aria-hidden /> : <IconFileText size={12} aria-hidden />}
              <Text size="xs" truncate>
                {label}
              </Text>
            </Group>
          );
          return (
            <HoverCard key={s.index} width={320} shadow="md" openDelay={150} withinPortal>
              <HoverCard.Target>
                {s.url ? (
                  <Anchor href={s.url} target="_blank" rel="noopener noreferrer" underline="never" c="inherit" data-testid="answer-source" aria-label={t('sources.link', { index: s.index, title: label })}>
                    {chip}
                  </Anchor>
                ) : (
                  <span tabIndex={0} data-testid="answer-source" aria-label={t('sources.excerpt', { index: s.index, title: label })}>
                    {chip}
                  </span>
                )}
              </HoverCard.Target>
              <HoverCard.Dropdown>
                <Text size="xs" fw={600}>
                  [{s.index}] {label}
                </Text>
                {s.url ? (
                  <Text size="xs" c="dimmed" truncate>
                    {s.url}
                  </Text>
                ) : null}
                {s.snippet ? (
                  <Text size="xs" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                    {s.snippet}
                  </Text>
                ) : null}
              </HoverCard.Dropdown>
            </HoverCard>
          );
        })}
      </Group>
    </Stack>
  );
}
