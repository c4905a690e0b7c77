import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { CHATBOT_LIMITS, endpoints, IMAGE_TYPES } from '@app/contracts/chatbots';
import { endpoints as publishingEndpoints } from '@app/contracts/chatbot-publishing';
import { endpoints as publicEndpoints } from '@app/contracts/public';
import { implement } from '../../platform/endpoints';
import { AppError } from '../../platform/errors';
import { byMember, type RateLimiter } from '../../platform/rate-limits';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { PublishingService } from './publishing.service';
import type { ChatbotsService } from './chatbots.service';
import { incomingFiles } from '../../platform/multipart-files';

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
  const { uploadImage, uploadDocuments, ...json } = endpoints;
  implement(app, json, {
    list: (req) => deps.chatbots.list(memberCtx(req), req.query),
    create: (req) => deps.chatbots.create(memberCtx(req)),
    get: (req) => deps.chatbots.get(memberCtx(req), req.params.id),
    update: (req) => deps.chatbots.update(memberCtx(req), req.params.id, req.body),
    remove: async (req) => {
      await deps.chatbots.remove(memberCtx(req), req.params.id);
      return ok;
    },
    setAccess: (req) => deps.publishing.requestAccess(memberCtx(req), req.params.id, req.body),
    markUsed: async (req) => {
      await deps.chatbots.markUsed(memberCtx(req), req.params.id);
      return ok;
    },
    forgetUsed: async (req) => {
      await deps.chatbots.forgetUsed(memberCtx(req), req.params.id);
      return ok;
    },
    checkPublicHash: (req) => deps.chatbots.checkPublicHash(tenantCtx(req).tenantId, req.params.id, req.body.public_hash_id),
    removeDocument: async (req) => {
      await deps.chatbots.removeDocument(memberCtx(req), req.params.id, req.params.document_id);
      return ok;
    },
  });

  // Uploads: multipart, read in this scope only.
  app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fieldNameSize: 100, fieldSize: 1024, fields: 10, parts: 20, headerPairs: 100 } });
    const guard = deps.limits.guard(['uploadsPerMember', byMember]);
    implement(uploads, { uploadImage, uploadDocuments }, {
      uploadImage: {
        preHandler: guard,
        bodyLimit: CHATBOT_LIMITS.imageMaxBytes + 64 * 1024,
        handler: async (req) => {
          const ctx = memberCtx(req);
          await deps.chatbots.assertOwn(ctx, req.params.id);
          const [file] = await readFiles(req, IMAGE_TYPES, CHATBOT_LIMITS.imageMaxBytes, 1);
          return deps.chatbots.setImage(ctx, req.params.id, file!);
        },
      },
      uploadDocuments: {
        preHandler: guard,
        bodyLimit: CHATBOT_LIMITS.documentMaxBytes * CHATBOT_LIMITS.documentsMax + 256 * 1024,
        handler: async (req, reply) => {
          const ctx = memberCtx(req);
          await deps.chatbots.assertOwn(ctx, req.params.id);
          return deps.chatbots.addDocuments(ctx, req.params.id, incomingFiles(req, reply, CHATBOT_LIMITS.documentMaxBytes, CHATBOT_LIMITS.documentsMax));
        },
      },
    });
  });

  // Public paths: no token (spec §6). The shared sessions' two are the sessions module's.
  const { chatbot, chatbotImage } = publicEndpoints;
  implement(app, { chatbot, chatbotImage }, {
    chatbot: (req) => deps.chatbots.publicByHash(tenantCtx(req).tenantId, req.params.hash),
    chatbotImage: async (req, reply) => {
      const image = await deps.chatbots.image(req.params.hash);
      return reply.header('content-type', image.contentType).header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(image.bytes);
    },
  });

  // The console's publish queue (spec §7 Admin Chatbots).
  implement(app, publishingEndpoints, {
    list: (req) => deps.publishing.list(memberCtx(req), req.query),
    process: (req) => deps.publishing.process(memberCtx(req), req.params.id, req.body.approve, req.body.reason || null),
    processMany: (req) => deps.publishing.processMany(memberCtx(req), req.body.chatbot_ids, req.body.approve, req.body.reason || null),
  });
}
