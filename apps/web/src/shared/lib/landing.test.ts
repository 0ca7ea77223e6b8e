import type { CurrentUser } from '@limelight/contracts';
import { describe, expect, it } from 'vitest';
import { landingPath } from './landing';

const user = (overrides: Partial<CurrentUser>): CurrentUser => ({
  _id: 'u1',
  role: 'user',
  isPerformer: false,
  isAdmin: false,
  name: 'N',
  username: 'nina',
  email: 'n@example.test',
  avatar: '/no-avatar.png',
  cover: null,
  status: 'active',
  verifiedEmail: true,
  pendingEmail: null,
  hasPassword: true,
  verifiedDocument: false,
  balance: 0,
  pendingAgreements: [],
  createdAt: '',
  updatedAt: '',
  ...overrides,
});

describe('landing after login (spec 2)', () => {
  it('sends a fan with e-mail and username home', () => expect(landingPath(user({}))).toBe('/home'));
  it('sends a fan lacking a username to /user/account', () => expect(landingPath(user({ username: null }))).toBe('/user/account'));
  it('sends a fan lacking an e-mail to /user/account', () => expect(landingPath(user({ email: null }))).toBe('/user/account'));
  it('sends a creator to their page', () =>
    expect(landingPath(user({ role: 'performer', isPerformer: true, username: 'ava' }))).toBe('/ava'));
  it('sends a creator without a username to /creator/account', () =>
    expect(landingPath(user({ role: 'performer', isPerformer: true, username: null }))).toBe('/creator/account'));
  it('sends an admin to /admin', () => expect(landingPath(user({ role: 'admin', isAdmin: true }))).toBe('/admin'));
  it('prefers the decoded redirect', () => expect(landingPath(user({}), '/user/account?tab=2')).toBe('/user/account?tab=2'));
  it('ignores a redirect to another site', () => {
    expect(landingPath(user({}), 'https://evil.example')).toBe('/home');
    expect(landingPath(user({}), '//evil.example')).toBe('/home');
    expect(landingPath(user({}), '/\\evil.example')).toBe('/home');
  });
});
