import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, idParam, okBody } from '@app/contracts/common';
import { fileProgressQuery, fileProgressResponse, fileSchema, fileSettingsSchema, fileTokenParam, uploadFilesQuery, uploadFilesResponse } from '@app/contracts/files';
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

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const uploadErrors = { ...errors, 400: errorBody, 413: errorBody, 415: errorBody, 429: errorBody };

export function registerFileRoutes(app: FastifyInstance, deps: { files: FilesService; limits: RateLimiter; targets: UploadTargets }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  const { limits } = deps.files;
  const maxBytes = Math.round(limits.maxMb * 1024 * 1024);

  r.get('/files/settings/', { schema: { tags, description: 'Upload limits and types (server-driven, spec §5).', response: { 200: fileSettingsSchema, ...errors } } }, () => deps.files.settings());
  r.get('/files/progress', { schema: { tags, querystring: fileProgressQuery, response: { 200: fileProgressResponse, ...errors } } }, (req) =>
    deps.files.progress(memberCtx(req), req.query.file_ids),
  );
  r.get('/files/:id/', { schema: { tags, params: idParam, response: { 200: fileSchema, ...errors } } }, (req) => deps.files.get(memberCtx(req), req.params.id));
  r.delete('/files/:id/', { schema: { tags, params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.files.remove(memberCtx(req), req.params.id);
    return { ok: true as const };
  });
  // A signed link (made by GET /files/{id}/ and the chat's history): an <img> sends no header.
  r.get(
    '/public/files/:token/',
    { config: { auth: 'none', tenantless: true }, schema: { tags: ['public'], description: 'The file bytes behind a signed, expiring link.', params: fileTokenParam } },
    async (req, reply) => {
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
  );

  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fieldNameSize: 100, fieldSize: 1024, fields: 10, parts: 20, headerPairs: 100 } });
    const u = uploads.withTypeProvider<ZodTypeProvider>();
    u.post(
      '/files/',
      {
        preHandler: deps.limits.guard(['uploadsPerMember', byMember]),
        bodyLimit: maxBytes * limits.maxFilesPerMessage + 1024 * 1024,
        schema: {
          tags,
          description: 'multipart/form-data with one or more files (any field name). Parsing runs afterwards: follow it with GET /files/progress.',
          querystring: uploadFilesQuery,
          response: { 200: uploadFilesResponse, ...uploadErrors },
        },
      },
      async (req, reply) => {
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
        return reply.send({ items });
      },
    );
  });
}
