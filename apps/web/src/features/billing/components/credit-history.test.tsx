import type { CreditEntry, CreditEntryPage } from '@app/contracts/billing';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import billing from '../../../locales/en/billing.json';
import { CreditHistory } from './credit-history';

const entry = (over: Partial<CreditEntry>): CreditEntry => ({
  id: 1,
  quota: 1000,
  usage: 0,
  created_at: '2026-11-20T09:00:00Z',
  usage_start_date: '2026-11-20',
  usage_end_date: '2026-12-20',
  ko_name: '크레딧 구매',
  en_name: 'Credit purchase',
  transaction: null,
  ...over,
});

const page: CreditEntryPage = {
  items: [entry({ id: 7, quota: 1500, usage: 1234 }), entry({ id: 3, quota: 20, usage: 0, en_name: 'Bonus' })],
  pagination: { page: 1, page_size: 10, total_pages: 1, total_items: 2 },
};
vi.mock('../api/list-credits', () => ({ useCredits: () => ({ data: page, error: null }) }));

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', ns: ['billing'], resources: { en: { billing } }, interpolation: { escapeValue: false } });
});

describe('credit history', () => {
  it('shows how much of each entry is used, beside its credits', () => {
    render(
      <MantineProvider>
        <CreditHistory />
      </MantineProvider>,
    );
    const table = screen.getByTestId('credit-history');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(['Item', 'Credits', 'Used']);
    expect(screen.getByTestId('credit-used-7').textContent).toBe('1,234 / 1,500');
    expect(screen.getByTestId('credit-used-3').textContent).toBe('0 / 20');
  });
});
