import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { foldColumns } from './PhoneTable';

// jsdom has no matchMedia, which antd's Descriptions asks for its responsive columns: a screen matching no query.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

type Row = { _id: string; amount: number; card: string; status: string };
const row: Row = { _id: '1', amount: 20, card: 'Visa •••• 3155', status: 'success' };

describe('foldColumns', () => {
  it('keeps the named columns and folds the rest into the expanded row, each under its title, as its render writes it', () => {
    const layout = foldColumns<Row>(
      [
        { title: 'Paid', dataIndex: 'amount', render: (amount: number) => `$${amount.toFixed(2)}` },
        { title: 'Card', key: 'card', render: (_: unknown, value) => value.card },
        { title: 'Status', dataIndex: 'status' },
      ],
      ['amount', 'status'],
    );
    expect(layout.columns?.map((column) => column.title)).toEqual(['Paid', 'Status']);
    expect(layout).toMatchObject({ size: 'small', scroll: undefined });
    const expanded = render(layout.expandable!.expandedRowRender!(row, 0, 0, true) as ReactElement);
    expect(expanded.container.textContent).toBe('CardVisa •••• 3155');
  });
});
