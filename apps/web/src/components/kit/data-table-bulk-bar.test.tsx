import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Column, DataTable, type RowKey } from './data-table';
import { initTestI18n, renderKit } from './test-utils';

beforeAll(initTestI18n);

const rows = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Grace' },
];
const columns: Column<(typeof rows)[number]>[] = [{ key: 'name', header: 'Name', cell: (r) => r.name }];

describe('DataTable bulk bar', () => {
  it("takes the page's own test id and count text", () => {
    function Selectable() {
      const [selected, setSelected] = useState<RowKey[]>([]);
      return (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(r) => r.id}
          cardsOnPhone={false}
          selection={{ selected, onChange: setSelected, testId: 'people-bulk', summary: `${selected.length} people chosen`, rowTestId: (r) => `pick-${r.id}`, actions: null }}
        />
      );
    }
    renderKit(<Selectable />);
    fireEvent.click(screen.getByTestId('pick-2'));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    expect(screen.getByTestId('people-bulk').textContent).toContain('1 people chosen');
  });
});
