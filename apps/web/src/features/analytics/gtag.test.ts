import { describe, expect, it } from 'vitest';
import { cookieDomains, measuredAddress } from './gtag';

describe('cookieDomains', () => {
  it('names the host and every parent domain but the top-level one, where gtag may have written _ga', () => {
    expect(cookieDomains('www.shop.example.co.uk')).toEqual(['www.shop.example.co.uk', 'shop.example.co.uk', 'example.co.uk', 'co.uk']);
    expect(cookieDomains('example.com')).toEqual(['example.com']);
  });

  it('names none for a single-label host or an address, whose cookies carry no domain', () => {
    expect(cookieDomains('localhost')).toEqual([]);
    expect(cookieDomains('127.0.0.1')).toEqual([]);
    expect(cookieDomains('::1')).toEqual([]);
  });
});

describe('measuredAddress', () => {
  const origin = 'https://fans.example';

  it('keeps the path and the campaign parameters, and drops every other part of the query', () => {
    expect(measuredAddress(origin, '/explore', '?q=my+words&utm_source=newsletter&utm_campaign=spring')).toBe(
      'https://fans.example/explore?utm_source=newsletter&utm_campaign=spring',
    );
  });

  it('never carries a one-time link token', () => {
    expect(measuredAddress(origin, '/auth/reset-password', '?token=secret-token')).toBe('https://fans.example/auth/reset-password');
    expect(measuredAddress(origin, '/auth/token-login', '?token=abc&utm_medium=email')).toBe(
      'https://fans.example/auth/token-login?utm_medium=email',
    );
  });
});
