import { describe, expect, it } from 'vitest';
import { isFiltered, NO_FILTERS, PUBLISH_PAGE_SIZE, publishQuery, selectable } from './filters';

describe('publishQuery', () => {
  it('asks for every request, a page of ten, without filters', () => {
    expect(publishQuery(NO_FILTERS, 1)).toEqual({ page: 1, size: PUBLISH_PAGE_SIZE });
  });

  it('maps a status, and drops "hide pending" once a status is chosen', () => {
    expect(publishQuery({ ...NO_FILTERS, status: 'pending', hidePending: true }, 2)).toEqual({ page: 2, size: PUBLISH_PAGE_SIZE, status: 'pending' });
    expect(publishQuery({ ...NO_FILTERS, status: 'rejected' }, 1).status).toBe('rejected');
  });

  it('sends hide_pending with "all"', () => {
    expect(publishQuery({ ...NO_FILTERS, hidePending: true }, 1)).toMatchObject({ hide_pending: true });
    expect(publishQuery({ ...NO_FILTERS, hidePending: true }, 1).status).toBeUndefined();
  });

  it('maps "approved only" to chatbots public now, and a trimmed search term', () => {
    expect(publishQuery({ ...NO_FILTERS, approvedOnly: true, search: '  Writer ' }, 1)).toMatchObject({ is_public: true, search_term: 'Writer' });
    expect(publishQuery({ ...NO_FILTERS, search: '   ' }, 1).search_term).toBeUndefined();
  });
});

describe('isFiltered', () => {
  it('is false only without any filter', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, search: ' x ' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, approvedOnly: true })).toBe(true);
  });
});

describe('selectable', () => {
  it('keeps the chatbots whose request is pending', () => {
    expect(
      selectable([
        { chatbot_id: 1, status: 'pending' },
        { chatbot_id: 2, status: 'approved' },
        { chatbot_id: 3, status: 'pending' },
      ]),
    ).toEqual([1, 3]);
  });
});
