import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart } from './BarChart';

describe('bar chart', () => {
  it('scales bars to the largest value and draws none for a day in the red, whose value its title still tells', () => {
    const { container } = render(
      <BarChart
        label="Net by day"
        height={104}
        data={[
          { key: '2026-11-20', value: 50 },
          { key: '2026-11-21', value: -22.5 },
          { key: '2026-11-22', value: 25 },
        ]}
      />,
    );
    const bars = [...container.querySelectorAll('rect')];
    expect(bars.map((bar) => Number(bar.getAttribute('height')))).toEqual([100, 0, 50]);
    expect(bars[1]!.textContent).toBe('2026-11-21: -22.50');
  });
});
