import type { AdminChatbotsQuery, PublishRequestStatus } from '@app/contracts/chatbot-publishing';

export const PUBLISH_PAGE_SIZE = 10;
export const STATUS_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The console's filters of spec §2: approval status, hide pending, approved (public now) only, and a name search. */
export interface PublishFilters {
  status: StatusFilter;
  hidePending: boolean;
  approvedOnly: boolean;
  search: string;
}

export const NO_FILTERS: PublishFilters = { status: 'all', hidePending: false, approvedOnly: false, search: '' };

/**
 * GET /admin/chatbots/'s query for one page. A chosen status says everything "hide pending"
 * would (and pending + hide pending would be nothing): the switch only counts with "all".
 */
export function publishQuery(f: PublishFilters, page: number): AdminChatbotsQuery {
  const q: AdminChatbotsQuery = { page, size: PUBLISH_PAGE_SIZE };
  if (f.status !== 'all') q.status = f.status satisfies PublishRequestStatus;
  else if (f.hidePending) q.hide_pending = true;
  if (f.approvedOnly) q.is_public = true;
  const term = f.search.trim();
  if (term) q.search_term = term.slice(0, 100);
  return q;
}

/** Whether any filter narrows the list (the empty state says "no match" rather than "no requests"). */
export function isFiltered(f: PublishFilters): boolean {
  return f.status !== 'all' || f.hidePending || f.approvedOnly || f.search.trim() !== '';
}

/** Bulk decisions apply to pending requests only; the selection keeps those still pending on the page. */
export function selectable(items: Array<{ chatbot_id: number; status: PublishRequestStatus }>): number[] {
  return items.filter((r) => r.status === 'pending').map((r) => r.chatbot_id);
}
