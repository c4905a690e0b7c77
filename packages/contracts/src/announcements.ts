import { z } from 'zod';
import { idParam, okBody, pageQuery, paginated } from './common';
import { defineEndpoints } from './endpoint';

export const announcementLocationSchema = z.enum(['auth', 'dashboard']);
export type AnnouncementLocation = z.infer<typeof announcementLocationSchema>;

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  location: announcementLocationSchema,
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

const title = z.string({ error: 'announcement_title_required' }).trim().min(1, 'announcement_title_required').max(200);
const content = z.string({ error: 'announcement_content_required' }).trim().min(1, 'announcement_content_required').max(20_000);
const location = z.enum(['auth', 'dashboard'], { error: 'announcement_location_required' });

export const createAnnouncementBody = z.object({ title, content, location, is_active: z.boolean().default(true) });
export type CreateAnnouncementBody = z.input<typeof createAnnouncementBody>;

export const patchAnnouncementBody = z
  .object({ title, content, location, is_active: z.boolean() })
  .partial();
export type PatchAnnouncementBody = z.input<typeof patchAnnouncementBody>;

export const listAnnouncementsQuery = pageQuery;
export const announcementListResponse = paginated(announcementSchema);
export type AnnouncementList = z.infer<typeof announcementListResponse>;

export const latestAnnouncementQuery = z.object({ location: announcementLocationSchema });
/** Active announcements, at most one per location. */
export const activeAnnouncementsResponse = z.object({
  auth: announcementSchema.nullable(),
  dashboard: announcementSchema.nullable(),
});
export const latestAnnouncementResponse = z.object({ announcement: announcementSchema.nullable() });
export type ActiveAnnouncements = z.infer<typeof activeAnnouncementsResponse>;
export type LatestAnnouncement = z.infer<typeof latestAnnouncementResponse>;

const tags = ['announcements'];
const admin = { auth: 'admin', tags, errors: [401, 403, 404, 422] } as const;

export const endpoints = defineEndpoints({
  list: { method: 'GET', path: '/admin/announcements/', ...admin, query: listAnnouncementsQuery, response: announcementListResponse },
  create: { method: 'POST', path: '/admin/announcements/', ...admin, body: createAnnouncementBody, status: 201, response: announcementSchema },
  update: { method: 'PATCH', path: '/admin/announcements/:id/', ...admin, params: idParam, body: patchAnnouncementBody, response: announcementSchema },
  remove: { method: 'DELETE', path: '/admin/announcements/:id/', ...admin, params: idParam, response: okBody },
  active: { method: 'GET', path: '/announcements/active/', tags, response: activeAnnouncementsResponse, errors: [401] },
  /** The sign-in page shows it before anyone signs in. */
  latest: { method: 'GET', path: '/announcements/latest/', auth: 'none', tags, query: latestAnnouncementQuery, response: latestAnnouncementResponse, errors: [404, 422] },
});
