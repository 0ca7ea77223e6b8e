import { describe, expect, it } from 'vitest';
import { forPeople } from './errors';

describe('error messages are written for people', () => {
  it.each([
    ['paymentAccountType: no paypal account on file', 'Payment account type: no paypal account on file'],
    ['sessionId: give either sessionId or showId', 'Session: give either session or show'],
    ['fileIds: a file may be used once', 'Files: a file may be used once'],
    ['cursor is not valid: use the nextCursor of the previous page', 'cursor is not valid: use the next cursor of the previous page'],
    ['minimumTipPrice must not exceed maximumTipPrice', 'Minimum tip price must not exceed maximum tip price'],
    ['idVerification must be a JPEG, PNG or WebP image or a PDF', 'ID verification must be a JPEG, PNG or WebP image or a PDF'],
  ])('%s', (raw, human) => {
    expect(forPeople(raw)).toBe(human);
  });

  it('leaves plain words, brand names, paths, addresses and usernames-in-paths alone', () => {
    for (const message of [
      'price: must be between 1 and 1000 tokens',
      'reCAPTCHA verification failed, please try again',
      'Route GET /api/user/fooBar not found',
      'sent to ava.stoneSmith@example.test',
      'Your session has expired, please log in again',
    ]) {
      expect(forPeople(message)).toBe(message);
    }
  });
});
