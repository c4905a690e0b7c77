import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@app/contracts/files';
import { implement } from '../../platform/endpoints';
import { incomingFiles } from '../../platform/multipart-files';
import { byMember, type RateLimiter } from '../../platform/rate-limits';
import type { MemberContext } from '../../platform/context';
import { memberCtx } from '../../platform/request-context';
import type { FilesService } from './files.service';

/**
 * What an upload's query names besides its files (issue 38 item 6): a chatbot the member may use,
 * their own session, their own files. Checked before the files are read; a foreign id is 404.
 */
export interface UploadTargets {
  check(ctx: MemberContext, targets: { chatbotId?: number; sessionId?: string; attachedFileIds?: number[] }): Promise<void>;
}

export function registerFileRoutes(app: FastifyInstance, deps: { files: FilesService; limits: RateLimiter; targets: UploadTargets }) {
  const { limits } = deps.files;
  const maxBytes = Math.round(limits.maxMb * 1024 * 1024);
  const { upload, ...plain } = endpoints;

  implement(app, plain, {
    settings: () => deps.files.settings(),
    progress: (req) => deps.files.progress(memberCtx(req), req.query.file_ids),
    get: (req) => deps.files.get(memberCtx(req), req.params.id),
    remove: async (req) => {
      await deps.files.remove(memberCtx(req), req.params.id);
      return { ok: true as const };
    },
    download: async (req, reply) => {
      const file = await deps.files.openByToken(req.params.token);
      const inline = file.contentType.startsWith('image/') || file.contentType === 'application/pdf' || file.contentType === 'text/plain';
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        // No file name: the link is a global key, and the name is the owner's (the web app names downloads).
        .header('content-disposition', inline ? 'inline' : 'attachment')
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.stream);
    },
  });

  // The multipart parser only where uploads arrive.
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fieldNameSize: 100, fieldSize: 1024, fields: 10, parts: 20, headerPairs: 100 } });
    implement(uploads, { upload }, {
      upload: {
        preHandler: deps.limits.guard(['uploadsPerMember', byMember]),
        bodyLimit: maxBytes * limits.maxFilesPerMessage + 1024 * 1024,
        handler: async (req, reply) => {
          const q = req.query;
          const ctx = memberCtx(req);
          await deps.targets.check(ctx, { chatbotId: q.chatbot_id, sessionId: q.session_id, attachedFileIds: q.attached_file_ids });
          const items = await deps.files.upload(ctx, incomingFiles(req, reply, maxBytes, limits.maxFilesPerMessage), {
            shouldExpire: q.should_expire,
            accessLevel: q.access_level,
            attachedFileIds: q.attached_file_ids,
            chatbotId: q.chatbot_id,
            sessionId: q.session_id,
          });
          return { items };
        },
      },
    });
  });
}
