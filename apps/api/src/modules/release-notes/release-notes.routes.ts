import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/release-notes';
import { implement } from '../../platform/endpoints';
import { memberCtx } from '../../platform/request-context';
import type { ReleaseNotesService } from './release-notes.service';

export function registerReleaseNotesRoutes(app: FastifyInstance, deps: { releaseNotes: ReleaseNotesService }) {
  implement(app, endpoints, {
    get: (req) => deps.releaseNotes.current(memberCtx(req)),
    markSeen: (req) => deps.releaseNotes.markSeen(memberCtx(req)),
  });
}
