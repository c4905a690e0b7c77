import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable, type RowKey, SEARCH_DEBOUNCE_MS } from './data-table';
import { initTestI18n, renderKit } from './test-utils';

beforeAll(initTestI18n);
afterEach(() => vi.useRealTimers());

interface Fruit {
  id: number;
  name: string;
  price: number;
}
const fruits: Fruit[] = [
  { id: 1, name: 'Banana', price: 3 },
  { id: 2, name: 'Apple', price: 5 },
  { id: 3, name: 'Cherry', price: 1 },
];
const columns: Column<Fruit>[] = [
  { key: 'name', header: 'Name', cell: (f) => f.name, sortValue: (f) => f.name, card: 'title' },
  { key: 'price', header: 'Price', cell: (f) => String(f.price), sortValue: (f) => f.price, card: true },
];
const names = () => screen.getAllByTestId(/^fruit-\d+$/).map((r) => within(r).getByText(/Apple|Banana|Cherry/).textContent);

function setPhone(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((q: string) => ({ ...({} as MediaQueryList), matches: phone && q.includes('max-width'), media: q, addEventListener: () => undefined, removeEventListener: () => undefined }));
}

describe('DataTable', () => {
  it('sorts by a column, ascending then descending', () => {
    renderKit(<DataTable rows={fruits} columns={columns} rowKey={(f) => f.id} rowTestId={(f) => `fruit-${f.id}`} />);
    expect(names()).toEqual(['Banana', 'Apple', 'Cherry']);
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(names()).toEqual(['Apple', 'Banana', 'Cherry']);
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(names()).toEqual(['Cherry', 'Banana', 'Apple']);
    fireEvent.click(screen.getByTestId('sort-price'));
    expect(names()).toEqual(['Cherry', 'Banana', 'Apple']);
    expect(screen.getByRole('columnheader', { name: /Price/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('searches 300 ms after the last key (spec §9)', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    renderKit(<DataTable rows={fruits} columns={columns} rowKey={(f) => f.id} search={{ placeholder: 'Search fruit', onSearch, testId: 'fruit-search' }} />);
    fireEvent.change(screen.getByTestId('fruit-search'), { target: { value: 'ap' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    fireEvent.change(screen.getByTestId('fruit-search'), { target: { value: 'app' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('app');
  });

  it('pages only when there is more than one page', () => {
    const onChange = vi.fn();
    const { rerender } = renderKit(<DataTable rows={fruits} columns={columns} rowKey={(f) => f.id} pagination={{ page: 1, totalPages: 1, onChange, testId: 'fruit-pages' }} />);
    expect(screen.queryByTestId('fruit-pages')).toBeNull();
    rerender(<DataTable rows={fruits} columns={columns} rowKey={(f) => f.id} pagination={{ page: 1, totalPages: 3, onChange, testId: 'fruit-pages' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('selects rows and shows the bulk action bar', () => {
    function Selectable() {
      const [selected, setSelected] = useState<RowKey[]>([]);
      return <DataTable rows={fruits} columns={columns} rowKey={(f) => f.id} rowTestId={(f) => `fruit-${f.id}`} selection={{ selected, onChange: setSelected, actions: <button type="button">Delete selected</button> }} />;
    }
    renderKit(<Selectable />);
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    fireEvent.click(screen.getByTestId('fruit-2-select'));
    expect(screen.getByTestId('bulk-bar').textContent).toContain('1 selected');
    fireEvent.click(screen.getByTestId('select-all'));
    expect(screen.getByTestId('bulk-bar').textContent).toContain('3 selected');
    fireEvent.click(screen.getByTestId('select-all'));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
  });

  it('shows the empty state, and a failed load with Retry', () => {
    const refetch = vi.fn();
    const { rerender } = renderKit(<DataTable rows={[]} columns={columns} rowKey={(f: Fruit) => f.id} empty={{ text: 'No fruit', testId: 'fruit-empty' }} />);
    expect(screen.getByTestId('fruit-empty').textContent).toContain('No fruit');
    rerender(<DataTable rows={[]} columns={columns} rowKey={(f: Fruit) => f.id} query={{ data: undefined, error: new Error('x'), isError: true, refetch }} />);
    fireEvent.click(screen.getByTestId('kit-retry'));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows rows as cards on a phone, with the columns meant for cards', () => {
    setPhone(true);
    renderKit(<DataTable rows={fruits} columns={columns} rowKey={(f) => f.id} rowTestId={(f) => `fruit-${f.id}`} />);
    expect(screen.queryByRole('table')).toBeNull();
    const card = screen.getByTestId('fruit-2');
    expect(within(card).getByText('Apple')).toBeTruthy();
    expect(within(card).getByText('Price')).toBeTruthy();
    expect(within(card).getByText('5')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
