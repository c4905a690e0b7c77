import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  CHATBOT_LIMITS,
  chatbotAccessBody,
  chatbotDocumentsResponse,
  chatbotListResponse,
  chatbotSchema,
  checkPublicHashBody,
  checkPublicHashResponse,
  documentParams,
  IMAGE_TYPES,
  listChatbotsQuery,
  updateChatbotBody,
} from '@app/contracts/chatbots';
import { adminChatbotsQuery, bulkProcessPublishBody, bulkProcessPublishResponse, processPublishBody, publishRequestListResponse, publishRequestSchema } from '@app/contracts/chatbot-publishing';
import { errorBody, hashParam, idParam, okBody } from '@app/contracts/common';
import { publicChatbotSchema } from '@app/contracts/public';
import { AppError } from '../../platform/errors';
import { byMember, type RateLimiter } from '../../platform/rate-limits';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { PublishingService } from './publishing.service';
import type { ChatbotsService } from './chatbots.service';
import { incomingFiles } from '../../platform/multipart-files';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };
const uploadErrors = { ...errors, 400: errorBody, 413: errorBody, 415: errorBody, 429: errorBody };
const ok = { ok: true as const };

/** The files of a multipart upload, each read whole (within its limit): 413 past it, 415 for a type not accepted. */
async function readFiles(req: FastifyRequest, accepted: readonly string[], maxBytes: number, maxFiles: number) {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data');
  const out: Array<{ name: string; contentType: string; bytes: Buffer }> = [];
  try {
    for await (const part of req.files({ limits: { fileSize: maxBytes, files: maxFiles } })) {
      const contentType = part.mimetype.toLowerCase();
      if (!accepted.includes(contentType)) {
        part.file.resume();
        throw new AppError('unsupported_media_type', `Accepted types: ${accepted.join(', ')}`);
      }
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw new AppError('bad_request', 'The file is empty');
      out.push({ name: part.filename.slice(0, 255) || 'file', contentType, bytes });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('file_too_large', undefined, { max_mb: maxBytes / 1024 / 1024 });
    if (code === 'FST_FILES_LIMIT') throw new AppError('too_many_documents', undefined, { max: maxFiles });
    throw new AppError('bad_request', 'The upload could not be read');
  }
  if (out.length === 0) throw new AppError('bad_request', 'No file in the upload');
  return out;
}

export function registerChatbotRoutes(app: FastifyInstance, deps: { chatbots: ChatbotsService; publishing: PublishingService; limits: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chatbots'];
  r.get('/chatbots/', { schema: { tags, querystring: listChatbotsQuery, response: { 200: chatbotListResponse, ...errors } } }, (req) =>
    deps.chatbots.list(memberCtx(req), req.query),
  );
  r.post('/chatbots/', { schema: { tags, description: 'Creates an empty private draft.', response: { 201: chatbotSchema, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await deps.chatbots.create(memberCtx(req))),
  );
  r.get('/chatbots/:id/', { schema: { tags, params: idParam, response: { 200: chatbotSchema, ...errors } } }, (req) => deps.chatbots.get(memberCtx(req), req.params.id));
  r.patch('/chatbots/:id/', { schema: { tags, params: idParam, body: updateChatbotBody, response: { 200: chatbotSchema, ...errors } } }, (req) =>
    deps.chatbots.update(memberCtx(req), req.params.id, req.body),
  );
  r.delete('/chatbots/:id/', { schema: { tags, params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.chatbots.remove(memberCtx(req), req.params.id);
    return ok;
  });
  r.patch(
    '/chatbots/:id/access/',
    { schema: { tags, description: 'Public: a request for the admins to review. Private: at once.', params: idParam, body: chatbotAccessBody, response: { 200: chatbotSchema, ...errors } } },
    (req) => deps.publishing.requestAccess(memberCtx(req), req.params.id, req.body),
  );
  r.post('/chatbots/:id/relations/', { schema: { tags, params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.chatbots.markUsed(memberCtx(req), req.params.id);
    return ok;
  });
  r.delete('/chatbots/:id/relations/', { schema: { tags, params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.chatbots.forgetUsed(memberCtx(req), req.params.id);
    return ok;
  });
  r.post(
    '/chatbots/:id/check-public-hash/',
    { config: { auth: 'none' }, schema: { tags, params: idParam, body: checkPublicHashBody, response: { 200: checkPublicHashResponse, 404: errorBody, 422: errorBody } } },
    (req) => deps.chatbots.checkPublicHash(tenantCtx(req).tenantId, req.params.id, req.body.public_hash_id),
  );
  r.delete('/chatbots/:id/documents/:document_id/', { schema: { tags, params: documentParams, response: { 200: okBody, ...errors } } }, async (req) => {
    await deps.chatbots.removeDocument(memberCtx(req), req.params.id, req.params.document_id);
    return ok;
  });

  // Uploads: multipart, read in this scope only.
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fieldNameSize: 100, fieldSize: 1024, fields: 10, parts: 20, headerPairs: 100 } });
    const u = uploads.withTypeProvider<ZodTypeProvider>();
    const guard = deps.limits.guard(['uploadsPerMember', byMember]);
    u.post(
      '/chatbots/:id/profile-image/',
      {
        preHandler: guard,
        bodyLimit: CHATBOT_LIMITS.imageMaxBytes + 64 * 1024,
        schema: { tags, description: 'multipart/form-data with one `file`: PNG, JPEG, WebP or GIF; stored as a 512×512 WebP.', params: idParam, response: { 200: chatbotSchema, ...uploadErrors } },
      },
      async (req) => {
        const ctx = memberCtx(req);
        await deps.chatbots.assertOwn(ctx, req.params.id);
        const [file] = await readFiles(req, IMAGE_TYPES, CHATBOT_LIMITS.imageMaxBytes, 1);
        return deps.chatbots.setImage(ctx, req.params.id, file!);
      },
    );
    u.post(
      '/chatbots/:id/documents/',
      {
        preHandler: guard,
        bodyLimit: CHATBOT_LIMITS.documentMaxBytes * CHATBOT_LIMITS.documentsMax + 256 * 1024,
        schema: {
          tags,
          description: 'multipart/form-data with one or more `files`, checked by their bytes (PDF, DOCX, XLSX, PPTX, CSV, HTML, Markdown, text); parsed and indexed for retrieval afterwards (each document\'s `status`).',
          params: idParam,
          response: { 200: chatbotDocumentsResponse, ...uploadErrors },
        },
      },
      async (req, reply) => {
        const ctx = memberCtx(req);
        await deps.chatbots.assertOwn(ctx, req.params.id);
        return deps.chatbots.addDocuments(ctx, req.params.id, incomingFiles(req, reply, CHATBOT_LIMITS.documentMaxBytes, CHATBOT_LIMITS.documentsMax));
      },
    );
  });

  // Public paths: no token (spec §6).
  r.get('/public/chatbots/:hash/', { config: { auth: 'none' }, schema: { tags: ['public'], params: hashParam, response: { 200: publicChatbotSchema, 404: errorBody } } }, (req) =>
    deps.chatbots.publicByHash(tenantCtx(req).tenantId, req.params.hash),
  );
  r.get(
    '/public/chatbot-images/:hash',
    { config: { auth: 'none', tenantless: true }, schema: { tags: ['public'], description: 'The image bytes (image/webp).', params: z.object({ hash: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }) } },
    async (req, reply) => {
      const image = await deps.chatbots.image(req.params.hash);
      return reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(image.bytes);
    },
  );

  // The console's publish queue (spec §7 Admin Chatbots).
  const admin = { config: { auth: 'admin' as const } };
  r.get('/admin/chatbots/', { ...admin, schema: { tags: ['admin'], querystring: adminChatbotsQuery, response: { 200: publishRequestListResponse, ...errors } } }, (req) =>
    deps.publishing.list(memberCtx(req), req.query),
  );
  r.post(
    '/admin/chatbots/:id/process-publish-request/',
    { ...admin, schema: { tags: ['admin'], params: idParam, body: processPublishBody, response: { 200: publishRequestSchema, ...errors } } },
    (req) => deps.publishing.process(memberCtx(req), req.params.id, req.body.approve, req.body.reason || null),
  );
  r.post(
    '/admin/chatbots/bulk-process-publish-request/',
    { ...admin, schema: { tags: ['admin'], body: bulkProcessPublishBody, response: { 200: bulkProcessPublishResponse, ...errors } } },
    (req) => deps.publishing.processMany(memberCtx(req), req.body.chatbot_ids, req.body.approve, req.body.reason || null),
  );
}
