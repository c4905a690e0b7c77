import type { AnnouncementLocation } from '@app/contracts/announcements';

/** Placeholder until the announcements feature lands: shows the active announcement for a location. */
export function AnnouncementBanner(_props: { location: AnnouncementLocation }) {
  return null;
}
