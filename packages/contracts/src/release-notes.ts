import { z } from 'zod';
import { defineEndpoints } from './endpoint';

/**
 * "What's new" for admins (spec §2): the notes of the running release, kept in the repository
 * (docs/release-notes/<version>.<lng>.md), shown once per release to each admin.
 */
export const releaseNotesResponse = z.object({
  /** The running release (the root package.json's version). */
  version: z.string(),
  /** Markdown per language; null when this release has no notes (nothing to show). */
  notes: z.object({ ko: z.string(), en: z.string() }).nullable(),
  /** Whether this admin has already seen (closed) this release's notes. */
  seen: z.boolean(),
});
export type ReleaseNotes = z.infer<typeof releaseNotesResponse>;

/** `POST /admin/release-notes/seen/`: marks the running release's notes seen (no body). */
export const releaseNotesSeenResponse = z.object({ version: z.string(), seen: z.literal(true) });
export type ReleaseNotesSeen = z.infer<typeof releaseNotesSeenResponse>;

const errors = [401, 403] as const;
export const endpoints = defineEndpoints({
  get: { method: 'GET', path: '/admin/release-notes/', auth: 'admin', tags: ['release-notes'], response: releaseNotesResponse, errors },
  markSeen: { method: 'POST', path: '/admin/release-notes/seen/', auth: 'admin', tags: ['release-notes'], response: releaseNotesSeenResponse, errors },
});
