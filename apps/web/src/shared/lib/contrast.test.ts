import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from './contrast';

describe('readableTextOn', () => {
  it('writes dark text on light or bright backgrounds and white on dark ones, always at least 4.5:1', () => {
    expect(readableTextOn('#42b1e8')).toBe('#141414');
    expect(readableTextOn('#ffee00')).toBe('#141414');
    expect(readableTextOn('#1d1d6b')).toBe('#ffffff');
    expect(readableTextOn('#000000')).toBe('#ffffff');
    for (const background of ['#42b1e8', '#4ec52a', '#ff0000', '#7f7f7f', '#1d1d6b', '#ffffff']) {
      expect(contrastRatio(readableTextOn(background), background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#42b1e8')).toBeCloseTo(2.42, 2);
  });
});
