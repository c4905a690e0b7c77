import type { AnnouncementLocation } from '@app/contracts/announcements';
import { Alert, Box } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown/markdown';
import { useActiveAnnouncements } from '../api/get-active-announcements';
import { useLatestAnnouncement } from '../api/get-latest-announcement';

const DISMISSED_KEY = 'dismissed_announcements';
const dismissed = (): number[] => JSON.parse(window.sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as number[];

/**
 * The active announcement where members see it: on /auth (public, no token) and on the
 * dashboard. Markdown is rendered safely: no raw HTML, images load only on a click.
 */
export function AnnouncementBanner({ location }: { location: AnnouncementLocation }) {
  const { t } = useTranslation('announcements');
  const latest = useLatestAnnouncement('auth', location === 'auth');
  const active = useActiveAnnouncements(location === 'dashboard');
  const [hidden, setHidden] = useState<number[]>(dismissed);
  const a = location === 'auth' ? latest.data?.announcement : active.data?.dashboard;
  if (!a || hidden.includes(a.id)) return null;
  return (
    <Alert
      variant="light"
      color="indigo"
      icon={<IconSpeakerphone size={18} />}
      title={a.title || t('untitled')}
      withCloseButton
      closeButtonLabel={t('dismiss')}
      onClose={() => {
        const next = [...hidden, a.id];
        window.sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
        setHidden(next);
      }}
      data-testid={`announcement-banner-${location}`}
    >
      <Box fz="sm">
        <Markdown text={a.content} />
      </Box>
    </Alert>
  );
}
