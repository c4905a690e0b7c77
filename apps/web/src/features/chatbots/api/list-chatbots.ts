import type { ListChatbotsQuery } from '@app/contracts/chatbots';
import { useQuery } from '@tanstack/react-query';
import { chatbotsQueryOptions } from '../../../entities/chatbots';

/** The dashboard loads up to 30 chatbots with the defaults (spec §9). */
export const DASHBOARD_CHATBOTS: ListChatbotsQuery = { include_default: true, size: 30, order_by: 'id.asc' };

export const useChatbots = (params: ListChatbotsQuery = DASHBOARD_CHATBOTS) => useQuery(chatbotsQueryOptions(params));
