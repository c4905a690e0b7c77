import { describe, expect, it } from 'vitest';
import { localized, nextPage, recentQuery, STORE_PAGE_SIZE, storeQuery } from './store-query';

describe('storeQuery', () => {
  it('asks for public, non-default chatbots by popularity, without empty filters', () => {
    expect(storeQuery({ categoryId: null, search: '   ', order: 'popular' }, 1)).toEqual({
      is_public: true,
      include_default: false,
      order_by: 'month_message_count.desc',
      page: 1,
      size: STORE_PAGE_SIZE,
    });
  });

  it('maps newest, the category and a trimmed search term', () => {
    expect(storeQuery({ categoryId: 4, search: '  writer ', order: 'newest' }, 3)).toMatchObject({ order_by: 'created_at.desc', category_id: 4, search_term: 'writer', page: 3 });
  });

  it('keeps the search term within the contract’s 100 characters', () => {
    expect(storeQuery({ categoryId: null, search: 'x'.repeat(150), order: 'popular' }, 1).search_term).toHaveLength(100);
  });
});

describe('recentQuery', () => {
  it('asks for the member’s three most recent non-default chatbots', () => {
    expect(recentQuery(7)).toEqual({ member_id: 7, include_default: false, size: 3 });
  });
});

describe('localized', () => {
  const bot = { ko_name: '작가', en_name: 'Writer', ko_key_features: '', en_key_features: 'Writes' };
  it('uses Korean for ko and English otherwise', () => {
    expect(localized(bot, 'ko').name).toBe('작가');
    expect(localized(bot, 'ja').name).toBe('Writer');
  });
  it('falls back to the other language when one is empty', () => {
    expect(localized(bot, 'ko').features).toBe('Writes');
    expect(localized({ ...bot, en_name: '' }, 'en').name).toBe('작가');
  });
});

describe('nextPage', () => {
  it('offers the next page until the last one is loaded', () => {
    expect(nextPage({ page: 1, total_pages: 3 })).toBe(2);
    expect(nextPage({ page: 3, total_pages: 3 })).toBeUndefined();
    expect(nextPage({ page: 1, total_pages: 0 })).toBeUndefined();
  });
});
