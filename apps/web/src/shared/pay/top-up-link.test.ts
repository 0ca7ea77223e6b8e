import { describe, expect, it } from 'vitest';
import { askedTopUp, backPath, topUpLink } from './top-up-link';

const paramsOf = (link: string) => new URL(link, 'http://site.test').searchParams;

describe('topUpLink', () => {
  it('asks for exactly what the payment is short of, in cents, and says where it came from', () => {
    const params = paramsOf(topUpLink(19.5 - 12.1, '/product/abc?x=1'));
    expect(params.get('topUp')).toBe('7.40');
    expect(askedTopUp(params)).toBe(7.4);
    expect(backPath(params)).toBe('/product/abc?x=1');
  });
  it('asks for nothing when no amount or a senseless one is given', () => {
    expect(askedTopUp(paramsOf('/user/wallet'))).toBeUndefined();
    expect(askedTopUp(paramsOf('/user/wallet?topUp=abc'))).toBeUndefined();
    expect(askedTopUp(paramsOf('/user/wallet?topUp=-3'))).toBeUndefined();
  });
  it('leads back only to a page of this site', () => {
    expect(backPath(paramsOf('/user/wallet?back=https://evil.test'))).toBeUndefined();
    expect(backPath(paramsOf('/user/wallet?back=//evil.test'))).toBeUndefined();
    expect(backPath(paramsOf('/user/wallet?back=%2F%5Cevil.test'))).toBeUndefined();
    expect(backPath(paramsOf('/user/wallet'))).toBeUndefined();
  });
});
