import { describe, expect, it } from 'vitest';
import { forbidden, notFound } from '../../platform/errors';
import { assertMay, may, mayEach } from './actions';

const admin = { id: 'a', role: 'admin' };
const creator = { id: 'c', role: 'performer' };
const other = { id: 'o', role: 'performer' };
const fan = { id: 'f', role: 'user' };

describe('who may (decision 043)', () => {
  it('lets the owner or an admin manage, nobody else', () => {
    const session = { performerId: creator.id };
    expect(may(creator, 'live.manage', session)).toBe(true);
    expect(may(admin, 'live.manage', session)).toBe(true);
    expect(may(other, 'live.manage', session)).toBe(false);
    expect(may(fan, 'live.manage', session)).toBe(false);
    expect(may(undefined, 'live.manage', session)).toBe(false);
  });

  it('keeps what is only the owner’s from admins', () => {
    expect(may(admin, 'live.broadcast', { performerId: creator.id })).toBe(false);
    expect(may(admin, 'order.changeAddress', { buyerId: fan.id })).toBe(false);
    expect(may(fan, 'order.changeAddress', { buyerId: fan.id })).toBe(true);
  });

  it('lets an order be seen by its two parties and admins', () => {
    const order = { buyerId: fan.id, performerId: creator.id };
    expect([fan, creator, admin, other].map((viewer) => may(viewer, 'order.view', order))).toEqual([true, true, true, false]);
  });

  it('lets fans only pay from a wallet, and nobody pay themself', () => {
    expect([fan, creator, admin].map((viewer) => may(viewer, 'wallet.pay', null))).toEqual([true, false, false]);
    expect(may(creator, 'creator.pay', { performerId: creator.id })).toBe(false);
  });

  it('lets fans block creators only, and nobody block an admin or themself', () => {
    expect(may(fan, 'account.block', creator)).toBe(true);
    expect(may(fan, 'account.block', { id: 'f2', role: 'user' })).toBe(false);
    expect(may(creator, 'account.block', fan)).toBe(true);
    expect(may(creator, 'account.block', admin)).toBe(false);
    expect(may(creator, 'account.block', creator)).toBe(false);
  });

  it('throws the call site’s refusal, for a missing subject too, and answers the subject otherwise', () => {
    const order = { buyerId: fan.id, performerId: creator.id, total: 3 };
    expect(assertMay(fan, 'order.view', order, () => notFound('Order'))).toBe(order);
    expect(() => assertMay(other, 'order.view', order, () => notFound('Order'))).toThrow('Order not found');
    expect(() => assertMay(fan, 'order.view', undefined, () => notFound('Order'))).toThrow('Order not found');
    expect(() => assertMay(fan, 'order.update', order, () => forbidden('Only the seller or an admin updates an order'))).toThrow(
      'Only the seller or an admin updates an order',
    );
  });

  it('decides a list in one call, row by row in its order', () => {
    const rows = [{ performerId: creator.id }, { performerId: other.id }, { performerId: creator.id }];
    expect(mayEach(creator, 'order.update', rows)).toEqual([true, false, true]);
    expect(mayEach(admin, 'order.update', rows)).toEqual([true, true, true]);
    expect(mayEach(fan, 'order.update', [])).toEqual([]);
  });

  it('lets each kind of account through its own guards only', () => {
    const guards = ['admin.use', 'creator.use', 'fan.use', 'blockList.use', 'orders.manage'] as const;
    const table = [admin, creator, fan, undefined].map((viewer) => guards.map((action) => may(viewer, action, null)));
    expect(table).toEqual([
      [true, false, false, false, true],
      [false, true, false, true, true],
      [false, false, true, true, false],
      [false, false, false, false, false],
    ]);
  });
});
