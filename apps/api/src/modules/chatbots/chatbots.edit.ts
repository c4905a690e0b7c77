import type { Chatbot, ChatbotDocuments, UpdateChatbotBody } from '@app/contracts/chatbots';
import { CHATBOT_DEFAULTS, CHATBOT_LIMITS } from '@app/contracts/chatbots';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { newHashId } from '../../platform/tokens';
import type { IncomingFile } from '../files/files.service';
import { countCategories, deleteDocument, insertChatbot, insertDocuments, insertImage, listDocuments, replaceCategories, updateChatbot } from './chatbots.repo';
import { type ChatbotsCore, ownFull, presentOwn, toDocument } from './chatbots.view';

/** `POST /chatbots/`: an empty private draft on the first model the member may use (spec §9 defaults). */
export async function createChatbot(core: ChatbotsCore, ctx: MemberContext): Promise<Chatbot> {
  const usable = (await core.models.list(ctx)).items.filter((m) => m.is_available);
  const model = usable.find((m) => m.provider !== 'offline') ?? usable[0];
  if (!model) throw new AppError('model_not_allowed');
  const row = await insertChatbot(core.db, ctx.tenantId, {
    hashId: newHashId(12),
    creatorId: ctx.member.id,
    llmModelId: model.id,
    koName: '',
    enName: '',
    temperature: CHATBOT_DEFAULTS.temperature,
    topP: CHATBOT_DEFAULTS.top_p,
  });
  return presentOwn(core, ctx, row.id);
}

export async function updateOwnChatbot(core: ChatbotsCore, ctx: MemberContext, id: number, body: UpdateChatbotBody): Promise<Chatbot> {
  const { db } = core;
  const { chatbot } = await ownFull(core, ctx, id);
  if (body.is_hidden === true && (chatbot.isPublic || chatbot.waitingPublish)) {
    throw new AppError('validation_error', 'Only a private chatbot can be hidden');
  }
  if (body.llm_model_id !== undefined && body.llm_model_id !== chatbot.llmModelId) {
    const m = (await core.models.list(ctx)).items.find((x) => x.id === body.llm_model_id);
    if (!m) throw new AppError('model_not_found');
    if (!m.is_available) throw new AppError('model_not_allowed');
  }
  const categoryIds = body.category_ids ? [...new Set(body.category_ids)] : undefined;
  if (categoryIds && (await countCategories(db, ctx.tenantId, categoryIds)) !== categoryIds.length) {
    throw new AppError('validation_error', 'Choose existing categories');
  }
  await db.transaction(async (tx) => {
    await updateChatbot(tx, ctx.tenantId, id, {
      koName: body.ko_name,
      enName: body.en_name,
      koKeyFeatures: body.ko_key_features,
      enKeyFeatures: body.en_key_features,
      systemInstructions: body.system_instructions,
      llmModelId: body.llm_model_id,
      temperature: body.temperature,
      topP: body.top_p,
      tools: body.tools,
      maxToolSteps: body.max_tool_steps,
      isHidden: body.is_hidden,
    });
    if (categoryIds) await replaceCategories(tx, ctx.tenantId, id, categoryIds);
  });
  return presentOwn(core, ctx, id);
}

/**
 * Soft delete: the chatbot leaves every list, its public link and the store (its sessions stay
 * readable by their owners' history until deleted). Its knowledge documents go for good: rows,
 * files, text, chunks and stored objects (nothing can retrieve them any more).
 */
export async function removeChatbot(core: ChatbotsCore, ctx: MemberContext, id: number): Promise<void> {
  const { db, documentFiles } = core;
  await ownFull(core, ctx, id);
  await updateChatbot(db, ctx.tenantId, id, { deletedAt: new Date(), isPublic: false, waitingPublish: false });
  for (const doc of await listDocuments(db, ctx.tenantId, id)) {
    const removed = await deleteDocument(db, ctx.tenantId, id, doc.id);
    if (removed && removed.fileId !== null && documentFiles) await documentFiles.discard(ctx, removed.fileId);
  }
}

export async function setImage(core: ChatbotsCore, ctx: MemberContext, id: number, upload: { bytes: Buffer }): Promise<Chatbot> {
  await ownFull(core, ctx, id);
  const image = await core.images.toSquare(upload.bytes);
  const hashId = newHashId(16);
  await core.db.transaction(async (tx) => {
    await insertImage(tx, ctx.tenantId, { hashId, chatbotId: id, ...image });
    await updateChatbot(tx, ctx.tenantId, id, { profileImageUrl: `/api/public/chatbot-images/${hashId}` });
  });
  return presentOwn(core, ctx, id);
}

/**
 * Knowledge documents, streamed one by one to the files module (checked by their bytes, stored,
 * then parsed, chunked and indexed in the background; the list shows each one's status). One
 * refused file refuses the upload: the documents before it in the same upload go too.
 */
export async function addDocuments(core: ChatbotsCore, ctx: MemberContext, id: number, incoming: AsyncIterable<IncomingFile>): Promise<ChatbotDocuments> {
  const { db, documentFiles } = core;
  if (!documentFiles) throw new AppError('internal_error');
  await ownFull(core, ctx, id);
  const existing = (await listDocuments(db, ctx.tenantId, id)).length;
  const added: Array<{ name: string; contentType: string; size: number; fileId: number }> = [];
  try {
    for await (const file of incoming) {
      if (existing + added.length >= CHATBOT_LIMITS.documentsMax) {
        file.stream.resume();
        throw new AppError('too_many_documents', undefined, { max: CHATBOT_LIMITS.documentsMax });
      }
      const row = await documentFiles.ingestDocument(ctx, id, file, CHATBOT_LIMITS.documentMaxBytes);
      added.push({ name: row.name, contentType: row.contentType, size: row.size, fileId: row.id });
    }
    if (added.length === 0) throw new AppError('bad_request', 'No file in the upload');
    await insertDocuments(db, ctx.tenantId, id, added);
  } catch (err) {
    for (const a of added) await documentFiles.discard(ctx, a.fileId);
    throw err;
  }
  return { items: (await listDocuments(db, ctx.tenantId, id)).map(toDocument) };
}

export async function removeDocument(core: ChatbotsCore, ctx: MemberContext, id: number, documentId: number): Promise<void> {
  await ownFull(core, ctx, id);
  const removed = await deleteDocument(core.db, ctx.tenantId, id, documentId);
  if (!removed) throw new AppError('document_not_found');
  // The file goes with its text and chunks: the chatbot no longer finds anything of it.
  if (removed.fileId !== null && core.documentFiles) await core.documentFiles.discard(ctx, removed.fileId);
}
