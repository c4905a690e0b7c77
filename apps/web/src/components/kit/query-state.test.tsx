import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { QueryState, type QueryLike } from './query-state';
import { initTestI18n, renderKit } from './test-utils';

beforeAll(initTestI18n);

const query = (over: Partial<QueryLike<string[]>>): QueryLike<string[]> => ({ data: undefined, error: null, isPending: true, isError: false, refetch: vi.fn(), ...over });
const list = (q: QueryLike<string[]>, skeleton?: 'table' | 'cards' | 'form') =>
  renderKit(
    <QueryState query={q} skeleton={skeleton} isEmpty={(d) => d.length === 0} empty={{ title: 'No items', text: 'Add the first one.', testId: 'items-empty' }}>
      {(items) => <ul data-testid="items">{items.map((i) => <li key={i}>{i}</li>)}</ul>}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows a skeleton shaped like the content while loading', () => {
    list(query({}));
    expect(screen.getByTestId('kit-skeleton-table')).toBeTruthy();
  });

  it('shows a card- or form-shaped skeleton when asked', () => {
    list(query({}), 'cards');
    expect(screen.getByTestId('kit-skeleton-cards')).toBeTruthy();
  });

  it('shows the §8 text of a failure and asks again on Retry', () => {
    const refetch = vi.fn();
    list(query({ isPending: false, isError: true, error: new ApiError(403, 'forbidden', 'no'), refetch }));
    expect(screen.getByTestId('kit-error').textContent).toContain('Access permission required. Please contact the administrator.');
    fireEvent.click(screen.getByTestId('kit-retry'));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the empty state', () => {
    list(query({ isPending: false, data: [] }));
    expect(screen.getByTestId('items-empty').textContent).toContain('No items');
    expect(screen.getByTestId('items-empty').textContent).toContain('Add the first one.');
  });

  it('renders the content with its data', () => {
    list(query({ isPending: false, data: ['a', 'b'] }));
    expect(screen.getByTestId('items').textContent).toBe('ab');
  });
});
