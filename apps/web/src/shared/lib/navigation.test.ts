import { describe, expect, it } from 'vitest';
import { joinAsCreatorUrl, joinUrl, loginUrl, loginUrlAfter } from './navigation';

describe('where a page without a session sends the user (spec 8)', () => {
  it('brings a visitor and an expired session back to the page', () => {
    expect(loginUrlAfter(null, '/user/account?tab=1')).toBe('/auth/login?redirect=%2Fuser%2Faccount%3Ftab%3D1');
    expect(loginUrlAfter('expired', '/home')).toBe('/auth/login?redirect=%2Fhome');
  });
  it('sends a refused session and a logout to the plain login page', () => {
    expect(loginUrlAfter('refused', '/home')).toBe('/auth/login');
    expect(loginUrlAfter('logout', '/home')).toBe('/auth/login');
  });
  it('builds login URLs with and without a redirect', () => {
    expect(loginUrl()).toBe('/auth/login');
    expect(loginUrl('/a b')).toBe('/auth/login?redirect=%2Fa%20b');
  });
  it('sends a visitor to sign up and back (decision 027)', () => {
    expect(joinUrl('/avastone?tab=photos')).toBe('/auth/register?redirect=%2Favastone%3Ftab%3Dphotos');
    expect(joinUrl()).toBe('/auth/register');
    expect(joinAsCreatorUrl('/explore')).toBe('/auth/register/creator?redirect=%2Fexplore');
  });
});
