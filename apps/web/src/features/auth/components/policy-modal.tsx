import type { Policy } from '@app/contracts/sign-up-settings';
import { Anchor, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown/markdown';
import { localizedName } from '../../../lib/localized-name';
import { isScrolledToEnd, isWatchedToEnd, timeRanges } from '../lib/policy-gate';

/**
 * One policy in full: text to scroll through, or a video to watch. `onSeen` fires once the text's
 * bottom was reached (at once when it fits) or the whole video was played; Agree then ticks it.
 */
export function PolicyModal({ policy, seen, onSeen, onAgree, onClose }: { policy: Policy; seen: boolean; onSeen: () => void; onAgree: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const scroller = useRef<HTMLDivElement>(null);
  const locked = policy.is_mandatory && !seen;

  // The text can grow after opening (the markdown renderer loads lazily): check again on resize.
  useEffect(() => {
    const el = scroller.current;
    if (!el || policy.kind !== 'text') return;
    const check = () => {
      if (isScrolledToEnd(el)) onSeen();
    };
    check();
    const ro = new ResizeObserver(check);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, [policy.kind, onSeen]);

  return (
    <Modal opened onClose={onClose} title={localizedName(policy, i18n.language)} size="lg" centered closeButtonProps={{ 'aria-label': t('common:close') }} data-testid="policy-modal">
      <Stack>
        {policy.kind === 'text' ? (
          <Box
            ref={scroller}
            mah={360}
            p="sm"
            bd="1px solid var(--mantine-color-gray-3)"
            style={{ overflowY: 'auto', borderRadius: 'var(--mantine-radius-sm)' }}
            tabIndex={0}
            role="region"
            aria-label={localizedName(policy, i18n.language)}
            onScroll={(e) => {
              if (isScrolledToEnd(e.currentTarget)) onSeen();
            }}
            data-testid="policy-content"
          >
            <Box fz="sm">
              <Markdown text={policy.content} />
            </Box>
          </Box>
        ) : policy.kind === 'video' && policy.url ? (
          <video
            controls
            src={policy.url}
            style={{ width: '100%', borderRadius: 'var(--mantine-radius-sm)', background: 'black' }}
            onTimeUpdate={(e) => {
              const v = e.currentTarget;
              if (isWatchedToEnd(timeRanges(v.played), v.duration)) onSeen();
            }}
            onEnded={(e) => {
              const v = e.currentTarget;
              if (isWatchedToEnd(timeRanges(v.played), v.duration)) onSeen();
            }}
            data-testid="policy-video"
          >
            <Anchor href={policy.url} target="_blank" rel="noopener noreferrer">
              {policy.url}
            </Anchor>
          </video>
        ) : null}
        <Group justify="space-between" wrap="nowrap">
          {locked ? (
            <Text size="sm" c="dimmed" data-testid="policy-hint">
              {t(`policies.hint.${policy.kind}`)}
            </Text>
          ) : (
            <Group gap={6} c="teal.7" wrap="nowrap">
              <IconCircleCheck size={18} />
              <Text size="sm">{t('policies.done')}</Text>
            </Group>
          )}
          <Group gap="xs" wrap="nowrap">
            <Button variant="default" onClick={onClose}>
              {t('policies.close')}
            </Button>
            <Button onClick={onAgree} disabled={locked} data-testid="policy-agree">
              {t('policies.agree')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
