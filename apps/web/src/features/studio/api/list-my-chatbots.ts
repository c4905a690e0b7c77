import type { ListChatbotsQuery } from '@app/contracts/chatbots';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { chatbotsQueryOptions } from '../../../entities/chatbots';

export const STUDIO_PAGE_SIZE = 24;

/** The studio's list: the member's own chatbots, newest first, without the defaults; hidden ones only when asked. */
export function studioQuery(creatorId: number, o: { includeHidden: boolean; search: string; page: number }): ListChatbotsQuery {
  return {
    creator_id: creatorId,
    include_default: false,
    include_hidden: o.includeHidden,
    search_term: o.search.trim() || undefined,
    order_by: 'id.desc',
    page: o.page,
    size: STUDIO_PAGE_SIZE,
  };
}

export const myChatbotsQueryOptions = (params: ListChatbotsQuery) =>
  queryOptions({ ...chatbotsQueryOptions(params), placeholderData: keepPreviousData });

export const useMyChatbots = (params: ListChatbotsQuery, enabled = true) => useQuery({ ...myChatbotsQueryOptions(params), enabled });
