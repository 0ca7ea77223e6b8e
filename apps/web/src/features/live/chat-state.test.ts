import type { StreamMessage } from '@limelight/contracts';
import { describe, expect, it } from 'vitest';
import { KEPT_LINES, withLine, withOlder } from './chat-state';

const line = (id: string, text = id): StreamMessage => ({
  _id: id,
  conversationId: 'c',
  senderId: 'u',
  sender: { _id: 'u', name: 'Fan', username: 'fan', avatar: null } as never,
  text,
  tip: null,
  isDeleted: false,
  createdAt: '2026-01-01T00:00:00Z',
});

describe('a live chat', () => {
  it('adds a new line at the end, once, however often it arrives', () => {
    const lines = withLine(withLine([line('a')], line('b')), line('b'));
    expect(lines.map((item) => item._id)).toEqual(['a', 'b']);
  });
  it('puts an older page (newest first from the server) before the lines, without the ones it has', () => {
    const lines = withOlder([line('c'), line('d')], [line('c'), line('b'), line('a')]);
    expect(lines.map((item) => item._id)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('puts a deleted line in place of the original', () => {
    const lines = withLine([line('a'), line('b')], { ...line('a', 'Message deleted'), isDeleted: true });
    expect(lines.map((item) => item.text)).toEqual(['Message deleted', 'b']);
  });
  it(`keeps the newest ${KEPT_LINES} lines`, () => {
    let lines: StreamMessage[] = [];
    for (let index = 0; index < KEPT_LINES + 5; index++) lines = withLine(lines, line(String(index)));
    expect(lines).toHaveLength(KEPT_LINES);
    expect(lines[0]?._id).toBe('5');
  });
});
