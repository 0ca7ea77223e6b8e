import { describe, expect, it } from 'vitest';
import { presenceLabel } from './presence';

describe('presenceLabel', () => {
  const now = new Date('2026-11-23T18:00:00');
  it('says Online while connected, whatever the last change', () => {
    expect(presenceLabel({ isOnline: true, lastSeenAt: '2026-11-20T10:00:00' }, now)).toBe('Online');
  });
  it('says when the person was last seen, as the site writes moments', () => {
    expect(presenceLabel({ isOnline: false, lastSeenAt: '2026-11-23T14:55:00' }, now)).toBe('Last seen today 14:55');
  });
  it('says nothing of someone never seen', () => {
    expect(presenceLabel({ isOnline: false, lastSeenAt: null }, now)).toBeUndefined();
  });
});
