import { describe, expect, it } from 'vitest';
import { deliverySteps, fileProgress, orderTotal, quantityProblem, stockNote } from './shop-rules';

describe('stockNote', () => {
  it('says a physical product is sold out or nearly so, and nothing of plenty or of a download', () => {
    expect(stockNote({ type: 'physical', stock: 0 })).toBe('Sold out');
    expect(stockNote({ type: 'physical', stock: 3 })).toBe('Only 3 left');
    expect(stockNote({ type: 'physical', stock: 50 })).toBeUndefined();
    expect(stockNote({ type: 'digital', stock: null })).toBeUndefined();
  });
});

describe('quantityProblem', () => {
  it('refuses more than the stock, naming how many are left, and never changes the quantity', () => {
    expect(quantityProblem(4, 3)).toBe('Only 3 left: choose at most 3');
    expect(quantityProblem(3, 3)).toBeUndefined();
  });
  it('refuses nothing, zero, fractions and a sold-out product', () => {
    expect(quantityProblem(null, 3)).toBe('Choose how many');
    expect(quantityProblem(0, 3)).toBe('The quantity must be at least 1');
    expect(quantityProblem(1.5, 3)).toBe('The quantity must be a whole number');
    expect(quantityProblem(1, 0)).toBe('This product is sold out');
  });
  it('refuses more than one order holds even when the stock is larger', () => {
    expect(quantityProblem(101, 500)).toBe('At most 100 in one order');
  });
});

describe('fileProgress', () => {
  it('fills the files in the order they are sent', () => {
    expect(fileProgress([100, 300], 0)).toEqual([0, 0]);
    expect(fileProgress([100, 300], 25)).toEqual([100, 0]);
    expect(fileProgress([100, 300], 50)).toEqual([100, 33]);
    expect(fileProgress([100, 300], 100)).toEqual([100, 100]);
  });
  it('keeps within 0-100 whatever progress says', () => {
    expect(fileProgress([10], 140)).toEqual([100]);
    expect(fileProgress([10], -5)).toEqual([0]);
  });
});

describe('deliverySteps', () => {
  const physical = { name: 'Mug', type: 'physical' as const, imageUrl: null };
  it('walks processing, shipping with its tracking, delivered', () => {
    expect(deliverySteps({ deliveryStatus: 'shipping', shippingCode: 'ZX9', carrier: 'DHL', product: physical })).toEqual([
      { status: 'processing', reached: true, detail: undefined },
      { status: 'shipping', reached: true, detail: 'Tracking: DHL ZX9' },
      { status: 'delivered', reached: false, detail: undefined },
    ]);
  });
  it('ends a refunded order where it stopped', () => {
    expect(deliverySteps({ deliveryStatus: 'refunded', shippingCode: null, carrier: null, product: physical })).toEqual([
      { status: 'processing', reached: true, detail: undefined },
      { status: 'refunded', reached: true },
    ]);
  });
  it('delivers a download at once', () => {
    expect(
      deliverySteps({ deliveryStatus: 'delivered', shippingCode: null, carrier: null, product: { ...physical, type: 'digital' } }),
    ).toEqual([{ status: 'delivered', reached: true, detail: 'Ready to download' }]);
  });
});

describe('orderTotal', () => {
  it('counts in cents', () => {
    expect(orderTotal(0.1, 3)).toBe(0.3);
    expect(orderTotal(12.5, 2)).toBe(25);
  });
});
