import type { ListChatbotsQuery } from '@app/contracts/chatbots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatbotsQueryOptions } from '../../../entities/chatbots';

/** The chatbots a key may be limited to, and the model ids of the examples: the member's chatbots with the defaults. */
const PARAMS: ListChatbotsQuery = { include_default: true, size: 100 };

export const keyChatbotsQueryOptions = queryOptions({ ...chatbotsQueryOptions(PARAMS), staleTime: 60_000 });

export const useKeyChatbots = () => useQuery(keyChatbotsQueryOptions);
