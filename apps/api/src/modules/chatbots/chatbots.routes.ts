import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chatbotListResponse, chatbotSchema, listChatbotsQuery } from '@app/contracts/chatbots';
import { errorBody, idParam } from '@app/contracts/common';
import { memberCtx } from '../../platform/request-context';
import type { ChatbotsService } from './chatbots.service';

export function registerChatbotRoutes(app: FastifyInstance, deps: { chatbots: ChatbotsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/chatbots/',
    { schema: { tags: ['chatbots'], querystring: listChatbotsQuery, response: { 200: chatbotListResponse, 401: errorBody, 422: errorBody } } },
    (req) => deps.chatbots.list(memberCtx(req), req.query),
  );
  r.get(
    '/chatbots/:id/',
    { schema: { tags: ['chatbots'], params: idParam, response: { 200: chatbotSchema, 401: errorBody, 404: errorBody } } },
    (req) => deps.chatbots.get(memberCtx(req), req.params.id),
  );
}
