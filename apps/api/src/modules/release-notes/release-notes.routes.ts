import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@app/contracts/common';
import { releaseNotesResponse, releaseNotesSeenResponse } from '@app/contracts/release-notes';
import { memberCtx } from '../../platform/request-context';
import type { ReleaseNotesService } from './release-notes.service';

const errors = { 401: errorBody, 403: errorBody };

export function registerReleaseNotesRoutes(app: FastifyInstance, deps: { releaseNotes: ReleaseNotesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'admin' as const };
  const tags = ['release-notes'];
  r.get('/admin/release-notes/', { config, schema: { tags, response: { 200: releaseNotesResponse, ...errors } } }, (req) =>
    deps.releaseNotes.current(memberCtx(req)),
  );
  r.post('/admin/release-notes/seen/', { config, schema: { tags, response: { 200: releaseNotesSeenResponse, ...errors } } }, (req) =>
    deps.releaseNotes.markSeen(memberCtx(req)),
  );
}
