import { formatMoney } from '@limelight/contracts';
import { describe, expect, it } from 'vitest';
import { formatTokens } from './money';

describe('money formats', () => {
  it('states tokens with their unit', () => {
    expect(formatTokens(1)).toBe('1.00 token');
    expect(formatTokens(12.5)).toBe('12.50 tokens');
  });

  it('states money in the site currency', () => {
    expect(formatMoney(9.99, 'USD')).toBe('$9.99');
    expect(formatMoney(1200, 'EUR')).toBe('€1,200.00');
  });
});
