import type { Message } from '@limelight/contracts';
import { describe, expect, it } from 'vitest';
import { byDay, seenUntil, type Thread, withMessage, withPage } from './thread-state';

const message = (id: string, createdAt: string, senderId = 'me'): Message => ({
  _id: id,
  conversationId: 'c',
  senderId,
  text: id,
  files: [],
  price: 0,
  tip: null,
  canView: true,
  isBought: false,
  isDeleted: false,
  isSeen: false,
  createdAt,
});
const empty: Thread = { messages: [], total: 0, status: 'loading' };

describe('a thread', () => {
  it('shows pages oldest first, prepending older ones, each message once', () => {
    const first = withPage(empty, [message('c', '2026-11-23T10:02:00Z'), message('b', '2026-11-23T10:01:00Z')], 3);
    const both = withPage(first, [message('b', '2026-11-23T10:01:00Z'), message('a', '2026-11-23T10:00:00Z')], 3);
    expect(both.messages.map((item) => item._id)).toEqual(['a', 'b', 'c']);
    expect(both).toMatchObject({ status: 'loaded', total: 3 });
    // Read again (a message bought since), the page's copy replaces the one held.
    const bought = withPage(both, [{ ...message('b', '2026-11-23T10:01:00Z'), isBought: true }], 3);
    expect(bought.messages.map((item) => [item._id, item.isBought])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
  });

  it('merges a message sent or changed, and turns my ticks up to a read', () => {
    let thread = withPage(empty, [message('a', '2026-11-23T10:00:00Z')], 1);
    thread = withMessage(thread, message('b', '2026-11-23T10:01:00Z', 'them'));
    thread = withMessage(thread, { ...message('a', '2026-11-23T10:00:00Z'), isDeleted: true, text: 'Message deleted!' });
    expect(thread.messages.map((item) => [item._id, item.text])).toEqual([
      ['a', 'Message deleted!'],
      ['b', 'b'],
    ]);
    expect(thread.total).toBe(2);
    const later = withMessage(thread, message('c', '2026-11-23T10:05:00Z'));
    const seen = seenUntil(later, 'me', '2026-11-23T10:02:00Z');
    expect(seen.messages.map((item) => item.isSeen)).toEqual([true, false, false]);
  });

  it('groups by day with human labels', () => {
    const now = new Date('2026-11-23T12:00:00');
    const days = byDay(
      [
        message('a', '2026-11-21T09:00:00'),
        message('b', '2026-11-22T09:00:00'),
        message('c', '2026-11-23T09:00:00'),
        message('d', '2026-11-23T11:00:00'),
      ],
      now,
    );
    expect(days.map((day) => [day.label, day.messages.length])).toEqual([
      ['21 Nov', 1],
      ['Yesterday', 1],
      ['Today', 2],
    ]);
  });
});
