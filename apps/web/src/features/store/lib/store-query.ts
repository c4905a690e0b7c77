import type { Chatbot, ListChatbotsQuery } from '@app/contracts/chatbots';

/** The store's two orders (spec §9): popular is this month's messages, newest the creation date. */
export const STORE_ORDERS = ['popular', 'newest'] as const;
export type StoreOrder = (typeof STORE_ORDERS)[number];

export const STORE_PAGE_SIZE = 12;
/** Spec §9: the dashboard keeps the first 3 non-default chatbots as recently used. */
export const RECENT_SIZE = 3;

export interface StoreFilters {
  /** null: every category. */
  categoryId: number | null;
  search: string;
  order: StoreOrder;
}

const ORDER_BY: Record<StoreOrder, NonNullable<ListChatbotsQuery['order_by']>> = {
  popular: 'month_message_count.desc',
  newest: 'created_at.desc',
};

/** What the store asks GET /chatbots/ for one page: approved public chatbots, never the defaults. */
export function storeQuery(f: StoreFilters, page: number): ListChatbotsQuery {
  const q: ListChatbotsQuery = { is_public: true, include_default: false, order_by: ORDER_BY[f.order], page, size: STORE_PAGE_SIZE };
  const term = f.search.trim();
  if (term) q.search_term = term.slice(0, 100);
  if (f.categoryId !== null) q.category_id = f.categoryId;
  return q;
}

/** The member's recently used chatbots, most recent first. */
export function recentQuery(memberId: number): ListChatbotsQuery {
  return { member_id: memberId, include_default: false, size: RECENT_SIZE };
}

/** A chatbot's name or key features in the interface language: Korean for ko, English otherwise, the other when one is empty. */
export function localized(bot: Pick<Chatbot, 'ko_name' | 'en_name' | 'ko_key_features' | 'en_key_features'>, language: string) {
  const ko = language === 'ko';
  const pick = (k: string, e: string) => (ko ? k || e : e || k);
  return { name: pick(bot.ko_name, bot.en_name), features: pick(bot.ko_key_features, bot.en_key_features) };
}

/** The page after the last one loaded, or undefined when it was the last ("Load more" goes away). */
export function nextPage(p: { page: number; total_pages: number }): number | undefined {
  return p.page < p.total_pages ? p.page + 1 : undefined;
}
