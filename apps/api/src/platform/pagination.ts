import type { Pagination } from '@app/contracts/common';

export function pagination(page: number, pageSize: number, totalItems: number): Pagination {
  return { page, page_size: pageSize, total_items: totalItems, total_pages: Math.max(1, Math.ceil(totalItems / pageSize)) };
}

export const offsetOf = (page: number, size: number) => (page - 1) * size;
