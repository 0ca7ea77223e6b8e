import { walletChargeRouteTypes } from '@limelight/contracts';
import { describe, expect, it } from 'vitest';
import type { Sellable } from '../deps';
import { sellablesOf, typesEnum } from './selling';

const named = (type: string): Sellable => ({ type, noun: type, refundedAs: `a ${type}` });

describe('the registry of what is sold', () => {
  it('stops the start on a type sold twice, and on a type the document promises that nothing sells', () => {
    expect(() => sellablesOf([named('tip'), named('tip')])).toThrow('Two sellables of type tip');
    expect(() => sellablesOf([named('tip')])).toThrow(
      /feed is documented but not registered.*tip is documented but not sold through the wallet/,
    );
  });

  it("builds a route's enum from the document's types in their order, then those registered beside them", () => {
    const routeTypes = typesEnum(walletChargeRouteTypes, ['postcard', ...[...walletChargeRouteTypes].reverse()]);
    expect(routeTypes.options).toEqual([...walletChargeRouteTypes, 'postcard']);
    expect(routeTypes.safeParse('poster').success).toBe(false);
  });
});
