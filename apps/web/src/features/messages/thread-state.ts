import type { Message } from '@limelight/contracts';
import dayjs from 'dayjs';
import { formatDay } from '../../shared/lib/dates';

/**
 * A thread as the screen holds it (spec 4): oldest first, older pages prepended as they load,
 * each message once by its id, and socket events merged in.
 */
export type Thread = { messages: Message[]; total: number; status: 'loading' | 'loaded' | 'failed' };

const byTime = (a: Message, b: Message) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id);

/** A page as the server sends it (newest first) merged into the thread: each message once, the page's copy fresher. */
export function withPage(thread: Thread, page: Message[], total: number): Thread {
  const fresh = new Set(page.map((message) => message._id));
  const kept = thread.messages.filter((message) => !fresh.has(message._id));
  return { status: 'loaded', total, messages: [...page, ...kept].sort(byTime) };
}

/** A message sent, received or changed (deleted, its file processed, bought): replaced in place, or added. */
export function withMessage(thread: Thread, message: Message): Thread {
  const index = thread.messages.findIndex((item) => item._id === message._id);
  if (index === -1) return { ...thread, total: thread.total + 1, messages: [...thread.messages, message].sort(byTime) };
  const messages = [...thread.messages];
  messages[index] = message;
  return { ...thread, messages };
}

/** The other member read up to `readAt`: my messages until then show as seen. */
export function seenUntil(thread: Thread, myId: string, readAt: string): Thread {
  return {
    ...thread,
    messages: thread.messages.map((message) =>
      message.senderId === myId && !message.isSeen && message.createdAt <= readAt ? { ...message, isSeen: true } : message,
    ),
  };
}

/** The thread in days, each with its label ("Today", "Yesterday", "3 Dec"), for the separators. */
export function byDay(messages: Message[], now: Date = new Date()) {
  const days: Array<{ key: string; label: string; messages: Message[] }> = [];
  for (const message of messages) {
    const key = dayjs(message.createdAt).format('YYYY-MM-DD');
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else days.push({ key, label: dayLabel(message.createdAt, now), messages: [message] });
  }
  return days;
}

function dayLabel(value: string, now: Date) {
  const days = dayjs(value).startOf('day').diff(dayjs(now).startOf('day'), 'day');
  if (days === 0) return 'Today';
  if (days === -1) return 'Yesterday';
  return formatDay(value, now);
}
