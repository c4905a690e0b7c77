import type { MessageOverrides } from '../../../lib/status-messages';

/** Spec §8 "Chatbots admin": approve 404 and 422, admin list 422, bulk reject error. */
export const processErrors: MessageOverrides = { 404: 'chatbot-publishing:errors.notFound', 422: 'chatbot-publishing:errors.invalid' };
export const listErrors: MessageOverrides = { 422: 'chatbot-publishing:errors.listInvalid' };
export const bulkErrors: MessageOverrides = { otherwise: 'chatbot-publishing:errors.bulkFailed' };
