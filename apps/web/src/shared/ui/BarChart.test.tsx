import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatTokens } from '../lib/money';
import { BarChart, xLabelIndexes } from './BarChart';

const formatKey = (key: string) => `day ${key.slice(-2)}`;

describe('bar chart', () => {
  afterEach(cleanup);

  it('scales bars to the largest value and draws none for a day in the red, whose value its title still tells', () => {
    const { container } = render(
      <BarChart
        label="Net by day"
        height={104}
        formatValue={formatTokens}
        formatKey={formatKey}
        data={[
          { key: '2026-11-20', value: 50 },
          { key: '2026-11-21', value: -22.5 },
          { key: '2026-11-22', value: 25 },
        ]}
      />,
    );
    const bars = [...container.querySelectorAll('rect')];
    expect(bars.map((bar) => Number(bar.getAttribute('height')))).toEqual([100, 0, 50]);
    expect(bars[1]!.textContent).toBe('day 21: -22.50 tokens');
  });

  it('labels the y axis with its top and zero in the unit, and names a lone day once on the x axis', () => {
    const chart = render(
      <BarChart label="Net by day" formatValue={formatTokens} formatKey={formatKey} data={[{ key: '2026-11-23', value: 33.74 }]} />,
    );
    expect(chart.getByTestId('chart-y-axis').textContent).toBe('33.74 tokens0.00 tokens');
    expect(chart.getByTestId('chart-x-axis').textContent).toBe('day 23');
  });

  it('names the first, middle and last day of a longer period, none twice', () => {
    expect(xLabelIndexes(30)).toEqual([0, 14, 29]);
    expect(xLabelIndexes(2)).toEqual([0, 1]);
    expect(xLabelIndexes(1)).toEqual([0]);
  });

  it('says there is nothing to draw when every day is zero', () => {
    const chart = render(
      <BarChart label="Net by day" formatValue={formatTokens} formatKey={formatKey} data={[{ key: '2026-11-23', value: 0 }]} />,
    );
    expect(chart.getByText('Nothing in this period')).toBeTruthy();
  });
});
